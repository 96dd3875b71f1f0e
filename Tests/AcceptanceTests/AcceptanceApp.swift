import AppComposition
import Clocks
import FakeServer
import Mediator
import Model
import MVC
import MVP
import MVVM
import PatternVocabulary
import VIPER
import Networking
import Terminal
import TestSupport
import Testing
import Tracing
@testable import Shell

/// The patterns each screen's acceptance tests run against (test arguments must be known outside the
/// main actor). `AcceptanceRegistryTests` checks these lists against the registered builders, so they
/// cannot drift from what exists.
enum PatternsUnderTest {
    static let greeting: [PatternID] = [.mvc, .mvp, .mvvm, .viper]
    static let listings: [PatternID] = [.mvc, .mvp, .mvvm, .viper]
}

/// The headless app the acceptance suite drives: every registered pattern, the shared state, the
/// fake network on a test clock (or an immediate one), and an in-memory screen. The same scripts
/// run against every pattern; only the trace pane may differ.
@MainActor
final class AcceptanceApp {
    /// The patterns under test. Each pattern module adds itself here once it exists.
    static let patterns = AppAssembly.patterns

    let session: HeadlessSession
    let appState: AppState
    let clock: TestClock<Duration>?

    var network: NetworkEnvironment { session.context.network }
    var shell: AppShell { session.shell }

    /// - Parameters:
    ///   - latency: nil for an immediate network; otherwise every request takes exactly this long on a
    ///     `TestClock` that only `advance(by:)` moves.
    init(
        _ pattern: PatternID, _ screen: ScreenID, size: Size = Size(width: 110, height: 32),
        appState: AppState = AppState(), latency: Duration? = nil, offline: Bool = false,
        fixtures: Fixtures = TestNetwork.bundledFixtures
    ) {
        let network = TestNetwork(latency: latency, offline: offline, fixtures: fixtures)
        let registry = AppAssembly.patternRegistry(Self.patterns)
        self.clock = network.clock
        self.appState = appState
        self.session = HeadlessSession(
            registry: registry, context: ModuleContext(appState: appState, network: network.environment), size: size,
            pattern: pattern, screen: screen)
    }

    /// Lets every request land, or go to sleep on the test clock (a slow request stays in flight),
    /// and draws. Waits for network events, never for a number of turns (within `WaitLimit`).
    func settle(sourceLocation: SourceLocation = #_sourceLocation) async {
        await network.settle(sourceLocation: sourceLocation)
        session.shell.renderIfNeeded()
    }

    /// Moves the test clock, then lets what became due land.
    func advance(by duration: Duration, sourceLocation: SourceLocation = #_sourceLocation) async {
        // First let every request reach its sleep, or advancing would leave a late one behind.
        await settle(sourceLocation: sourceLocation)
        await clock?.advance(by: duration)
        await settle(sourceLocation: sourceLocation)
    }

    /// Presses keys one at a time, letting what each sets off land (or sleep on the test clock).
    func press(_ keys: Key..., sourceLocation: SourceLocation = #_sourceLocation) async {
        for key in keys {
            session.press(key)
            await settle(sourceLocation: sourceLocation)
        }
    }

    func type(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) async {
        session.type(text)
        await settle(sourceLocation: sourceLocation)
    }

    /// The module's pane only (no header, trace or key bar): what must be equal in every pattern.
    var moduleText: String {
        let area = ShellLayout(size: session.screen.size).module
        return (area.minY..<area.maxY).map { y in
            var row = session.screen.row(y, columns: area.minX..<area.maxX)
            while row.last == " " || row.last == "│" { row.removeLast() }
            return row
        }.joined(separator: "\n")
    }

    /// Whether the module's pane shows `text`, wherever lines wrapped it (spaces and line breaks
    /// are folded into single spaces on both sides).
    func shows(_ text: String) -> Bool {
        fold(moduleText).contains(fold(text))
    }

    private func fold(_ text: String) -> String {
        text.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
    }

    /// Every trace event so far.
    var events: [TraceEvent] { session.traceBuffer.events }

    /// The last action's events.
    var lastActionEvents: [TraceEvent] { session.traceBuffer.entries.last?.events ?? [] }
}
