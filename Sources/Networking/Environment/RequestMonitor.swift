/// Counts the requests in flight across every manager of one environment, and lets a caller wait
/// until none is left. Headless runs and tests use it to settle deterministically — "every
/// request that started has landed" — instead of sleeping or guessing with yields.
@MainActor
public final class RequestMonitor {
    /// Requests sent and not yet landed or cancelled.
    public private(set) var inFlight = 0
    private var waiters: [CheckedContinuation<Void, Never>] = []

    public init() {}

    func requestStarted() {
        inFlight += 1
    }

    func requestEnded() {
        inFlight = max(0, inFlight - 1)
        guard inFlight == 0 else { return }
        let ready = waiters
        waiters.removeAll()
        for waiter in ready { waiter.resume() }
    }

    /// Returns once no request is in flight (at once when none is).
    public func untilIdle() async {
        guard inFlight > 0 else { return }
        await withCheckedContinuation { waiters.append($0) }
    }
}
