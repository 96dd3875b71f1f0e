import Model
import Networking

/// Everything a module may use, handed in by whoever builds it: the shared state (so a pattern
/// switch keeps the user's names and choices) and the network, from which it makes its managers.
@MainActor
package struct ModuleContext {
    package let appState: AppState
    package let network: NetworkEnvironment

    package init(appState: AppState, network: NetworkEnvironment) {
        self.appState = appState
        self.network = network
    }
}
