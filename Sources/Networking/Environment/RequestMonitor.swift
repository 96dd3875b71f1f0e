/// Counts the requests in flight across every manager of one environment, and lets a caller wait
/// until the network has settled. Headless runs and tests use it instead of sleeping or guessing
/// with yields: "settled" means every request that started has landed, or is asleep on the clock
/// waiting for (test) time to pass.
@MainActor
public final class RequestMonitor {
    /// Requests sent and not yet landed or cancelled.
    public private(set) var inFlight = 0
    private let sleepers: ClockSleepers
    private var waiters: [CheckedContinuation<Void, Never>] = []

    public init(sleepers: ClockSleepers = ClockSleepers()) {
        self.sleepers = sleepers
        sleepers.observe { [weak self] in
            Task { @MainActor in self?.changed() }
        }
    }

    func requestStarted() {
        inFlight += 1
    }

    func requestEnded() {
        inFlight = max(0, inFlight - 1)
        changed()
    }

    /// Returns once every request in flight has landed or is asleep on the clock, and the main
    /// actor has run what the landings set off (which may have started more requests).
    public func untilSettled() async {
        while true {
            if inFlight == 0 || inFlight <= sleepers.current {
                for _ in 0..<8 { await Task.yield() }
                if inFlight == 0 || inFlight <= sleepers.current { return }
            } else {
                await withCheckedContinuation { waiters.append($0) }
            }
        }
    }

    private func changed() {
        let ready = waiters
        waiters.removeAll()
        for waiter in ready { waiter.resume() }
    }
}
