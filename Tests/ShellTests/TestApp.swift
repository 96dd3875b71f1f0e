import Mediator
import Model
import MVC
import Shell
import Terminal

/// Builds headless shells for the tests: the registered patterns, a fresh shared state, and an
/// in-memory screen.
@MainActor
enum TestApp {
    static let allPatterns: [any PatternModules.Type] = [MVCPattern.self]

    static func session(
        size: Size = Size(width: 80, height: 24), pattern: PatternID = .mvc, screen: ScreenID = .greeting,
        appState: AppState = AppState(), patterns: [any PatternModules.Type] = allPatterns
    ) -> HeadlessSession {
        let registry = ModuleRegistry()
        for modules in patterns { registry.register(modules) }
        return HeadlessSession(
            registry: registry, context: ModuleContext(appState: appState), size: size, pattern: pattern, screen: screen)
    }
}
