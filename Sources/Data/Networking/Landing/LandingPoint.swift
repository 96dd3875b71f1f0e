import Tracing

/// Where one screen module's requests land. The screen owns it; its managers register here.
/// `cancelAll()` on teardown cancels every request of those managers and closes the landing
/// point: from then on no callback or state change reaches the screen, and a load asked for is
/// ignored. It holds managers weakly, so it never keeps them alive.
@MainActor
package final class LandingPoint {
    private struct Member {
        weak var manager: (any APIManaging)?
    }

    /// The screen's name, for traces.
    package let name: String
    /// True after `cancelAll()`.
    package private(set) var isClosed = false
    private var members: [Member] = []

    package init(name: String) {
        self.name = name
    }

    /// Registers a manager (done by the manager's initialiser).
    package func register(_ manager: any APIManaging) {
        members.removeAll { $0.manager == nil }
        members.append(Member(manager: manager))
        if isClosed { manager.cancelAllRequests() }
    }

    /// How many managers still have a request in flight.
    package var loadingCount: Int { members.count(where: { $0.manager?.isLoading == true }) }

    /// Cancels every request of every registered manager and closes the landing point.
    package func cancelAll() {
        @Traced(.network, self, "tear down \(name)") var call
        isClosed = true
        for member in members { member.manager?.cancelAllRequests() }
    }
}
