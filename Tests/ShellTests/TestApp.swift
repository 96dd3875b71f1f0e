import AppComposition
import Clocks
import FakeServer
import Mediator
import Model
import PatternVocabulary
import Networking
import Shell
import Terminal
import TestSupport

/// Builds headless shells for the tests: the registered patterns, a fresh shared state, and an
/// in-memory screen.
@MainActor
enum TestApp {
    /// The four patterns, as the composition root registers them.
    static let allPatterns = AppAssembly.patterns

    static func session(
        size: Size = Size(width: 80, height: 24), pattern: PatternID = .mvc, screen: ScreenID = .greeting,
        screenPatterns: [ScreenID: PatternID] = [:], appState: AppState = AppState(), patterns: [any PatternModules.Type] = allPatterns,
        clock: any Clock<Duration> = InstantClock(), tour: TourState? = nil
    ) -> HeadlessSession {
        AppAssembly.headlessSession(network: network(clock: clock), appState: appState, size: size, pattern: pattern,
                                    screen: screen, screenPatterns: screenPatterns, patterns: patterns, tour: tour)
    }

    /// The fake network over the bundled fixtures, instant and without failures unless told.
    static func network(clock: any Clock<Duration>, scenario: Scenario = .instant) -> NetworkEnvironment {
        TestNetwork(scenario: scenario, clock: clock).environment
    }
}
