import Model
import Networking

/// Everything a module may use, handed in by whoever builds it: the shared state (so a pattern
/// switch keeps the user's names and choices) and the network, from which it makes its managers.
@MainActor
public struct ModuleContext {
    public let appState: AppState
    public let network: NetworkEnvironment

    public init(appState: AppState, network: NetworkEnvironment) {
        self.appState = appState
        self.network = network
    }
}
