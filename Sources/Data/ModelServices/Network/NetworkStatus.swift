import Model
import Networking
import Tracing

/// The model layer's view of the network type, the same door in all four patterns: the role a
/// pattern gives such events (MVC's view controller, MVP's presenter, MVVM's view model, VIPER's
/// interactor) observes through it, shows `banner`, and retries a failed load when the network
/// comes back. One observer per status object: a builder makes one for each role that listens.
@MainActor
package protocol NetworkStatus: AnyObject {
    /// The network type now.
    var networkType: NetworkType { get }
    /// Delivers every later change to `handler` until `stopObserving()`; replaces an earlier handler.
    func startObserving(_ handler: @escaping @MainActor (NetworkTypeChange) -> Void)
    /// No change is delivered after this; the module's teardown calls it.
    func stopObserving()
}

extension NetworkType {
    /// The line every screen shows for this network type, in all four patterns alike; empty on
    /// Wi-Fi. It claims only what the fake server's profile for the type does.
    package var banner: String {
        switch self {
        case .wifi: ""
        case .cellular4G: "On 4G"
        case .cellular3G: "On 3G — slower network, some requests time out"
        case .cellular2G: "On 2G — pictures off, loads take seconds and may time out"
        case .offline: "Offline — will retry when the network is back"
        }
    }
}

/// The network status over the network layer's notifier.
@MainActor
package final class NotifierNetworkStatus: NetworkStatus {
    private let notifier: NetworkTypeNotifier
    /// Owned here, and so by the observing role: releasing the role ends the observation too.
    private var observation: NetworkTypeObservation?

    package init(notifier: NetworkTypeNotifier) {
        self.notifier = notifier
    }

    package var networkType: NetworkType { notifier.current }

    package func startObserving(_ handler: @escaping @MainActor (NetworkTypeChange) -> Void) {
        observation?.cancel()
        observation = notifier.addObserver(handler)
    }

    package func stopObserving() {
        @Traced(.model, self, "stop observing the network type") var call
        observation?.cancel()
        observation = nil
    }
}

extension NetworkEnvironment {
    /// A network status for one observing role of one screen module (stop it on teardown).
    package func makeNetworkStatus() -> any NetworkStatus {
        NotifierNetworkStatus(notifier: networkTypeNotifier)
    }
}
