import ArgumentParser
import Foundation
import FakeServer
import Mediator
import Model
import MVC
import MVP
import MVVM
import VIPER
import Networking
import Shell
import Terminal
import Tracing

/// The composition root: makes the shared state, the network, the tracer and the registry of the
/// four patterns, once, and hands them to the shell. The only place that knows every module.
@MainActor
final class AppAssembly {
    let registry = AppAssembly.patternRegistry()
    let appState = AppState()
    let redraw = RedrawSignal()
    let traceBuffer: TraceBuffer
    let tracer: Tracer
    let network: NetworkEnvironment
    let fixtures: Fixtures

    init(scenario: Scenario, fixtures: Fixtures) throws {
        self.fixtures = fixtures
        network = NetworkEnvironment.fake(fixtures: fixtures, scenario: scenario)
        let redraw = self.redraw
        traceBuffer = TraceBuffer(onChange: { redraw.signal() })
        var sinks: [any TraceSink] = [traceBuffer]
        if let path = ProcessInfo.processInfo.environment["MVX_TRACE_FILE"], !path.isEmpty {
            do {
                sinks.append(try JSONLinesSink(path: path))
            } catch {
                throw ValidationError("MVX_TRACE_FILE: cannot write \(path) (\(error.localizedDescription))")
            }
        }
        tracer = Tracer(sinks: sinks)
    }

    /// A registry of the four patterns.
    static func patternRegistry() -> ModuleRegistry {
        let registry = ModuleRegistry()
        for modules: any PatternModules.Type in [MVCPattern.self, MVPPattern.self, MVVMPattern.self, VIPERPattern.self] {
            registry.register(modules)
        }
        return registry
    }

    /// The replays behind `mvx trace` and compare: each on a fresh shared state and its own fake
    /// network over `fixtures`, with zero latency and no failures on an `InstantClock`, so the same
    /// keys always give the same trace whatever the interactive run's network is doing.
    static func replayRunner(registry: ModuleRegistry, fixtures: Fixtures) -> ReplayRunner {
        ReplayRunner(registry: registry) {
            ModuleContext(
                appState: AppState(),
                network: NetworkEnvironment.fake(fixtures: fixtures, scenario: .instant, clock: InstantClock()))
        }
    }

    /// The shell for a screen, its frames triggered also by trace events from async replies.
    /// `screenPatterns` puts single screens in another pattern than `pattern` (a mixed app).
    func makeShell(
        on screen: any Screen, pattern: PatternID, screen screenID: ScreenID, screenPatterns: [ScreenID: PatternID] = [:]
    ) -> AppShell {
        let shell = AppShell(
            registry: registry, context: ModuleContext(appState: appState, network: network), tracer: tracer,
            traceBuffer: traceBuffer, screen: screen, pattern: pattern, screenID: screenID, screenPatterns: screenPatterns)
        shell.replayRunner = Self.replayRunner(registry: registry, fixtures: fixtures)
        redraw.connect { [weak shell] in shell?.setNeedsFrame() }
        return shell
    }
}
