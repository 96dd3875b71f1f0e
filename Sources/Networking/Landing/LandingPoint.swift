import Tracing

/// Where one screen module's requests land. The screen owns it; its managers register here.
/// `cancelAll()` on teardown cancels every request of those managers and closes the landing
/// point: from then on no callback or state change reaches the screen, and a load asked for is
/// ignored. It holds managers weakly, so it never keeps them alive.
@MainActor
public final class LandingPoint {
    private struct Member {
        weak var manager: (any APIManaging)?
    }

    /// The screen's name, for traces.
    public let name: String
    /// True after `cancelAll()`.
    public private(set) var isClosed = false
    private var members: [Member] = []

    public init(name: String) {
        self.name = name
    }

    /// Registers a manager (done by the manager's initialiser).
    public func register(_ manager: any APIManaging) {
        members.removeAll { $0.manager == nil }
        members.append(Member(manager: manager))
        if isClosed { manager.cancelAllRequests() }
    }

    /// How many managers still have a request in flight.
    public var loadingCount: Int { members.count(where: { $0.manager?.isLoading == true }) }

    /// Cancels every request of every registered manager and closes the landing point.
    public func cancelAll() {
        @Traced(.network, self, "tear down \(name)") var call
        isClosed = true
        for member in members { member.manager?.cancelAllRequests() }
    }
}
