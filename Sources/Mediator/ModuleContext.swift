import Model

/// Everything a module may use, handed in by whoever builds it: the shared state (so a pattern
/// switch keeps the user's names and choices) and the network, from which it makes its managers.
@MainActor
public struct ModuleContext {
    public let appState: AppState

    public init(appState: AppState) {
        self.appState = appState
    }
}
