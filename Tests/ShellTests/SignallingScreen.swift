import Terminal

/// An in-memory screen that tells a waiting test when a frame is presented: the event a test of
/// frame scheduling waits for, instead of guessing how many turns the frame task needs.
@MainActor
final class SignallingScreen: Screen {
    private let screen: MemoryScreen
    private var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    /// Called as each frame is presented, before any waiter resumes: what a test checks at that moment.
    var onPresent: (@MainActor () -> Void)?

    init(size: Size) {
        screen = MemoryScreen(size: size)
    }

    var size: Size { screen.size }
    var colorSupport: ColorSupport { screen.colorSupport }
    var presentCount: Int { screen.presentCount }
    var text: String { screen.text }

    func erase() { screen.erase() }

    @discardableResult
    func put(_ text: String, at point: Point, style: Style, clip: Rect) -> Int {
        screen.put(text, at: point, style: style, clip: clip)
    }

    func setCursor(_ position: Point?) { screen.setCursor(position) }

    func present() {
        screen.present()
        onPresent?()
        let ready = waiters.filter { screen.presentCount >= $0.count }
        waiters.removeAll { screen.presentCount >= $0.count }
        for waiter in ready { waiter.continuation.resume() }
    }

    /// Returns once `count` frames have been presented since the screen was made.
    func untilPresented(count: Int) async {
        guard screen.presentCount < count else { return }
        await withCheckedContinuation { waiters.append((count, $0)) }
    }
}
