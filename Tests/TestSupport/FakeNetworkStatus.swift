import Model
import Networking
import Reformers

/// A network status a test drives by hand: `send(_:)` delivers a change as the network layer's
/// notification would, to the one observer, if it still observes.
@MainActor
public final class FakeNetworkStatus: NetworkStatus {
    public private(set) var networkType: NetworkType
    private var handler: (@MainActor (NetworkTypeChange) -> Void)?
    /// How many times `stopObserving()` ran (teardown calls it once).
    public private(set) var stopCount = 0

    public init(_ networkType: NetworkType = .wifi) {
        self.networkType = networkType
    }

    /// True while someone observes.
    public var isObserved: Bool { handler != nil }

    public func startObserving(_ handler: @escaping @MainActor (NetworkTypeChange) -> Void) {
        self.handler = handler
    }

    public func stopObserving() {
        stopCount += 1
        handler = nil
    }

    /// Moves to `type` and tells the observer, if any.
    public func send(_ type: NetworkType) {
        let change = NetworkTypeChange(old: networkType, new: type)
        networkType = type
        handler?(change)
    }
}
