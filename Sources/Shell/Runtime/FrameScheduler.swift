/// Coalesces frame requests: however many are made during one turn of the main actor (a burst of
/// trace events, a batch of keys, a reply landing), one frame is drawn, at the end of the turn.
@MainActor
final class FrameScheduler {
    /// How many frames were drawn (for benchmarks and tests of coalescing).
    private(set) var frameCount = 0
    private var needsFrame = false
    private var isScheduled = false
    private let draw: @MainActor () -> Void

    init(draw: @escaping @MainActor () -> Void) {
        self.draw = draw
    }

    /// Asks for a frame at the end of this turn.
    func setNeedsFrame() {
        needsFrame = true
        guard !isScheduled else { return }
        isScheduled = true
        Task { @MainActor [weak self] in
            self?.isScheduled = false
            self?.renderIfNeeded()
        }
    }

    /// Draws now if a frame was asked for.
    func renderIfNeeded() {
        if needsFrame { render() }
    }

    /// Draws one frame now.
    func render() {
        needsFrame = false
        frameCount += 1
        draw()
    }
}
