import Synchronization

/// Lets any thread ask the main actor for a new frame, with at most one hop in flight: a burst of
/// trace events from a network callback costs one redraw, not one per event.
package final class RedrawSignal: Sendable {
    private let pending = Atomic<Bool>(false)
    private let handler: Mutex<(@MainActor @Sendable () -> Void)?> = Mutex(nil)

    package init() {}

    /// Sets what runs on the main actor when a redraw is asked for.
    package func connect(_ handler: @escaping @MainActor @Sendable () -> Void) {
        self.handler.withLock { $0 = handler }
    }

    /// Asks for a redraw; cheap and callable from anywhere.
    package func signal() {
        guard pending.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged else {
            return
        }
        let handler = self.handler.withLock { $0 }
        Task { @MainActor in
            self.pending.store(false, ordering: .releasing)
            handler?()
        }
    }
}
