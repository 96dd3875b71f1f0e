import Model
import Networking
import ModelServices

/// A network status a test drives by hand: `send(_:)` delivers a change as the network layer's
/// notification would, to the one observer, if it still observes.
@MainActor
package final class FakeNetworkStatus: NetworkStatus {
    package private(set) var networkType: NetworkType
    private var handler: (@MainActor (NetworkTypeChange) -> Void)?
    /// How many times `stopObserving()` ran (teardown calls it once).
    package private(set) var stopCount = 0

    package init(_ networkType: NetworkType = .wifi) {
        self.networkType = networkType
    }

    /// True while someone observes.
    package var isObserved: Bool { handler != nil }

    package func startObserving(_ handler: @escaping @MainActor (NetworkTypeChange) -> Void) {
        self.handler = handler
    }

    package func stopObserving() {
        stopCount += 1
        handler = nil
    }

    /// Moves to `type` and tells the observer, if any.
    package func send(_ type: NetworkType) {
        let change = NetworkTypeChange(old: networkType, new: type)
        networkType = type
        handler?(change)
    }
}
