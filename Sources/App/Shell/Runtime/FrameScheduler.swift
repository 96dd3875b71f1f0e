/// Coalesces frame requests: however many are made during one turn of the main actor (a burst of
/// trace events, a batch of keys, a reply landing), one frame is drawn, at the end of the turn.
@MainActor
final class FrameScheduler {
    /// How many frames were drawn (for benchmarks and tests of coalescing).
    private(set) var frameCount = 0
    private var needsFrame = false
    private var isScheduled = false
    private let draw: @MainActor () -> Void
    /// Work that waits for the first frame (see `afterFirstFrame`).
    private var waitingForFirstFrame: [@MainActor () -> Void] = []

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
        if frameCount == 1 {
            let work = waitingForFirstFrame
            waitingForFirstFrame = []
            work.forEach { $0() }
        }
    }

    /// Runs `work` right after the first frame is drawn (at once if it has been).
    func afterFirstFrame(_ work: @escaping @MainActor () -> Void) {
        if frameCount > 0 { work() } else { waitingForFirstFrame.append(work) }
    }
}
