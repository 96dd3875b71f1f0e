import Model
import Tracing

/// The one notification in mvx: "the network type changed" (casatwy allows exactly this kind of
/// cross-layer message; everything else travels by call, delegate or return value). The network
/// layer posts it; model-layer `NetworkStatus` objects observe it on a screen's behalf.
///
/// Main-actor isolated, so posting and every delivery happen on the main actor with no locks.
/// It holds its observations weakly: an observation's owner (a screen's role) decides its life,
/// and a torn-down module is never kept alive, nor reached, by having observed.
@MainActor
package final class NetworkTypeNotifier {
    /// The network type as last posted.
    package private(set) var current: NetworkType
    private var observations: [WeakObservation] = []

    /// - Parameter initial: the type before any change is posted.
    package init(initial: NetworkType = .wifi) {
        current = initial
    }

    /// Starts delivering every later change to `handler`, for as long as the returned observation
    /// lives and is not cancelled.
    package func addObserver(_ handler: @escaping @MainActor (NetworkTypeChange) -> Void) -> NetworkTypeObservation {
        let observation = NetworkTypeObservation(handler: handler)
        observations.removeAll { $0.observation == nil }
        observations.append(WeakObservation(observation: observation))
        return observation
    }

    /// Posts the change to every live observation; posting the type already current posts nothing.
    package func post(_ type: NetworkType) {
        guard type != current else { return }
        @Traced(.notification, self, "post network type \(current.rawValue) → \(type.rawValue)") var call
        let change = NetworkTypeChange(old: current, new: type)
        current = type
        // A copy: a handler may add or cancel observations while we deliver.
        let live = observations.compactMap(\.observation)
        observations = live.map(WeakObservation.init)
        for observation in live { observation.deliver(change) }
    }

    /// How many observations are live (tests check teardown leaves none behind).
    package var observerCount: Int {
        observations.count { $0.observation?.isActive == true }
    }

    private struct WeakObservation {
        weak var observation: NetworkTypeObservation?
    }
}

/// One observer's subscription to `NetworkTypeNotifier`; `cancel()` (or releasing it) ends it.
@MainActor
package final class NetworkTypeObservation {
    private var handler: (@MainActor (NetworkTypeChange) -> Void)?

    init(handler: @escaping @MainActor (NetworkTypeChange) -> Void) {
        self.handler = handler
    }

    /// True until cancelled.
    package var isActive: Bool { handler != nil }

    /// No change is delivered after this returns.
    package func cancel() {
        handler = nil
    }

    func deliver(_ change: NetworkTypeChange) {
        handler?(change)
    }
}
