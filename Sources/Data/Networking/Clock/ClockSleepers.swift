import Synchronization

/// Counts the tasks asleep on one `NetworkClock` and tells an observer whenever the count moves.
/// Thread-safe: sleepers come and go on any executor.
package final class ClockSleepers: Sendable {
    private let count = Atomic<Int>(0)
    private let observer = Mutex<(@Sendable () -> Void)?>(nil)

    package init() {}

    /// Tasks asleep now.
    package var current: Int { count.load(ordering: .acquiring) }

    /// Calls `handler` (on any thread) after every change.
    package func observe(_ handler: @escaping @Sendable () -> Void) {
        observer.withLock { $0 = handler }
    }

    func begin() {
        count.add(1, ordering: .acquiringAndReleasing)
        observer.withLock { $0 }?()
    }

    func end() {
        count.subtract(1, ordering: .acquiringAndReleasing)
        observer.withLock { $0 }?()
    }
}
