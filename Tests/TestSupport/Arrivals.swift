import Testing

/// Counts what a spy was told and lets a test wait for the count to reach a number: a load lands
/// on a later turn, and its arrival is the event to wait for (never a guessed number of yields).
@MainActor
package final class Arrivals {
    package private(set) var count = 0
    private var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

    package init() {}

    /// One more arrived; wakes whoever waits for this many.
    package func arrived() {
        count += 1
        let ready = waiters.filter { $0.count <= count }
        waiters.removeAll { $0.count <= count }
        for waiter in ready { waiter.continuation.resume() }
    }

    /// Returns once `target` have arrived; fails the test after `WaitLimit.standard` if they do not.
    package func until(_ target: Int, sourceLocation: SourceLocation = #_sourceLocation) async {
        guard count < target else { return }
        await bounded("arrival \(target) (\(count) came)", sourceLocation: sourceLocation) {
            await withCheckedContinuation { self.waiters.append((target, $0)) }
        }
    }
}
