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
import Shell
import Terminal
import TestSupport

/// Builds headless shells for the tests: the registered patterns, a fresh shared state, and an
/// in-memory screen.
@MainActor
enum TestApp {
    static let allPatterns: [any PatternModules.Type] = [MVCPattern.self, MVPPattern.self, MVVMPattern.self, VIPERPattern.self]

    static func session(
        size: Size = Size(width: 80, height: 24), pattern: PatternID = .mvc, screen: ScreenID = .greeting,
        screenPatterns: [ScreenID: PatternID] = [:], appState: AppState = AppState(), patterns: [any PatternModules.Type] = allPatterns,
        clock: any Clock<Duration> = InstantClock()
    ) -> HeadlessSession {
        let registry = ModuleRegistry()
        for modules in patterns { registry.register(modules) }
        return HeadlessSession(
            registry: registry, context: ModuleContext(appState: appState, network: network(clock: clock)), size: size,
            pattern: pattern, screen: screen, screenPatterns: screenPatterns)
    }

    /// The fake network over the bundled fixtures, instant and without failures unless told.
    static func network(clock: any Clock<Duration>, scenario: Scenario = .instant) -> NetworkEnvironment {
        TestNetwork(scenario: scenario, clock: clock).environment
    }
}
