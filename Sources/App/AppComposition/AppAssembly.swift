import FakeServer
#if canImport(FoundationEssentials)
import FoundationEssentials
import Glibc
#else
import Foundation
#endif
import Mediator
import Model
import MVC
import MVP
import MVVM
import Networking
import PatternVocabulary
import Sessions
import SafeFiles
import Shell
import Terminal
import Tracing
import VIPER

/// The composition root: the only place that knows every pattern module. It makes the registry
/// of the four patterns, the replays behind `mvx trace` and compare, and — for an interactive run —
/// the shared state, the network, the tracer and the shell, once. The command line, the
/// benchmarks and the tests all assemble the app here, so none of them re-creates it.
@MainActor
package final class AppAssembly {
    /// The four patterns, in the order of their keys (1-4).
    package static let patterns: [any PatternModules.Type] = [MVCPattern.self, MVPPattern.self, MVVMPattern.self, VIPERPattern.self]

    package let registry = AppAssembly.patternRegistry()
    package let appState = AppState()
    package let redraw = RedrawSignal()
    package let traceBuffer: TraceBuffer
    package let tracer: Tracer
    /// The `MVX_TRACE_FILE` sink, when there is one: after the session it says whether lines were lost.
    package let traceFile: JSONLinesSink?
    package let network: NetworkEnvironment
    package let fixtures: Fixtures
    /// Opens the operation log, under the launch action, once a shell's first frame is out.
    private let logSink: LaunchActionSink

    /// Why the app could not be assembled.
    package struct Failure: Error, CustomStringConvertible {
        package let description: String
    }

    /// - Parameters:
    ///   - traceFile: where to also write every trace event as JSON lines (`MVX_TRACE_FILE`).
    ///   - operationLogFolder: the path of the folder where the operation log keeps its file
    ///     (`OperationLog`); nil keeps it in memory. The app passes its cache folder, tests a temporary one.
    ///   - diskCacheFolder: the path of the folder where the caches keep their disk tier; nil keeps
    ///     them in memory (`--no-disk-cache`).
    /// Paths, not URLs: the first `URL` a process makes or reads costs it a scan of every protocol
    /// conformance, and nothing before the first frame needs one (the log's is made when it opens).
    package init(
        scenario: Scenario, fixtures: Fixtures, traceFile: String? = nil, operationLogFolder: String? = nil,
        diskCacheFolder: String? = nil
    ) throws(Failure) {
        self.fixtures = fixtures
        network = NetworkEnvironment.fake(
            fixtures: fixtures, scenario: scenario, diskCache: diskCacheFolder.map { DiskCacheSettings(folderPath: $0) })
        let operationLog = network.makeOperationLog(folder: operationLogFolder.map { URL(filePath: $0, directoryHint: .isDirectory) })
        let redraw = self.redraw
        traceBuffer = TraceBuffer(onChange: { redraw.signal() })
        var sinks: [any TraceSink] = [traceBuffer]
        if let traceFile, !traceFile.isEmpty {
            do {
                let sink = try JSONLinesSink(path: traceFile)
                sinks.append(sink)
                self.traceFile = sink
            } catch {
                throw Failure(description: "MVX_TRACE_FILE: \(error)")
            }
        } else {
            self.traceFile = nil
        }
        let logSink = LaunchActionSink(log: operationLog)
        self.logSink = logSink
        sinks.append(logSink)
        tracer = Tracer(sinks: sinks)
        logSink.connect(tracer)
        let redrawOnLog = self.redraw
        operationLog.onChange = { redrawOnLog.signal() }
    }

    /// The path of the operation log's folder when nothing else is said: `$XDG_CACHE_HOME/mvx`, else
    /// `~/.cache/mvx` — nil when it cannot be made or written (the log then stays in memory).
    package nonisolated static func defaultCacheFolder(environment: [String: String]) -> String? {
        let base: String
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") {
            base = cache
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            base = (home.hasSuffix("/") ? String(home.dropLast()) : home) + "/.cache"
        } else {
            return nil
        }
        let path = (base.hasSuffix("/") ? String(base.dropLast()) : base) + "/mvx"
        // Made only when missing: FileManager's createDirectory checked every level of the path
        // even when the folder was there, as it is at every start but the first. By its bytes
        // (SafePath): a HOME that is not UTF-8 names its own folder.
        var status = stat()
        let exists = SafePath.withCString(path) { stat($0, &status) } == 0 && status.st_mode & S_IFMT == S_IFDIR
        guard exists || (try? SafeFolder(path, create: true)) != nil, SafePath.withCString(path, { access($0, W_OK) }) == 0
        else { return nil }
        return path
    }

    /// A registry of `patterns` (all four unless a test wants fewer).
    package static func patternRegistry(_ patterns: [any PatternModules.Type] = AppAssembly.patterns) -> ModuleRegistry {
        let registry = ModuleRegistry()
        for modules in patterns { registry.register(modules) }
        return registry
    }

    /// The replays behind `mvx trace` and compare: each on a fresh shared state and its own fake
    /// network over `fixtures`, with zero latency and no failures on an `InstantClock`, so the same
    /// keys always give the same trace whatever the interactive run's network is doing.
    /// `scenario` (a session's seed, failure rates, offline start) applies with its latency set to
    /// zero, so a headless replay stays deterministic.
    package static func replayRunner(registry: ModuleRegistry, fixtures: Fixtures, scenario: Scenario = .instant) -> ReplayRunner {
        var instant = scenario
        instant.latency = .zero ... .zero
        return ReplayRunner(registry: registry) { [instant] in
            ModuleContext(
                appState: AppState(),
                network: NetworkEnvironment.fake(fixtures: fixtures, scenario: instant, clock: InstantClock()))
        }
    }

    /// The shell for a screen, its frames triggered also by trace events from async replies.
    /// `screenPatterns` puts single screens in another pattern than `pattern` (a mixed app).
    package func makeShell(
        on screen: any Screen, pattern: PatternID, screen screenID: ScreenID, screenPatterns: [ScreenID: PatternID] = [:]
    ) -> AppShell {
        let shell = AppShell(
            registry: registry, context: ModuleContext(appState: appState, network: network), tracer: tracer,
            traceBuffer: traceBuffer, screen: screen, pattern: pattern, screenID: screenID, screenPatterns: screenPatterns)
        shell.replayer = Self.replayRunner(registry: registry, fixtures: fixtures)
        redraw.connect { [weak shell] in shell?.setNeedsFrame() }
        shell.afterFirstFrame { [logSink, weak shell, network] in
            logSink.openLog()
            // Said at start, not only in the inspector: this run's log is in memory, and a kill loses it.
            if network.operationLog?.folderInUse == true {
                shell?.dispatch(.notice("another mvx uses this cache folder: this run's operation log is in memory only (a kill loses it)"))
                shell?.setNeedsFrame()
            }
        }
        return shell
    }

    /// A shell on an in-memory screen over every pattern: what the benchmarks and tests drive.
    package static func headlessSession(
        network: NetworkEnvironment, appState: AppState = AppState(), size: Size = Size(width: 80, height: 24),
        pattern: PatternID = .mvc, screen: ScreenID = .greeting, screenPatterns: [ScreenID: PatternID] = [:],
        patterns: [any PatternModules.Type] = AppAssembly.patterns, tour: TourState? = nil
    ) -> HeadlessSession {
        HeadlessSession(registry: patternRegistry(patterns), context: ModuleContext(appState: appState, network: network),
                        size: size, pattern: pattern, screen: screen, screenPatterns: screenPatterns, tour: tour)
    }
}
