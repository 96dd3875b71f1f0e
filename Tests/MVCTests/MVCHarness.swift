import Clocks
import FakeServer
import Mediator
import Model
import Networking
import Terminal
import TestSupport
import Testing
import Widgets

/// What a test needs before it can touch an MVC controller: a network, a module built by its
/// builder, a window to host it (life cycle and focus) and a screen to lay it out on (paging
/// starts from layout). In MVC there is no smaller unit to test: the controller is the screen.
@MainActor
final class MVCHarness {
    let appState: AppState
    let network: NetworkEnvironment
    let clock: TestClock<Duration>?
    private(set) var module: (any ScreenModule)?
    private(set) var window: Window?
    let size: Size

    /// - Parameters:
    ///   - latency: nil for an immediate network; otherwise every request takes exactly this long
    ///     on a `TestClock` that only `advance(by:)` moves.
    ///   - fixtures: the fake server's data (the bundled set by default).
    init(
        _ build: ModuleBuilder, appState: AppState = AppState(), latency: Duration? = nil, offline: Bool = false,
        fixtures: Fixtures? = nil, size: Size = Size(width: 80, height: 24)
    ) {
        let testNetwork = TestNetwork(latency: latency, offline: offline, fixtures: fixtures ?? TestNetwork.bundledFixtures)
        self.clock = testNetwork.clock
        self.appState = appState
        self.size = size
        network = testNetwork.environment
        let module = build(ModuleContext(appState: appState, network: network))
        let window = Window(rootViewController: module.rootViewController)
        self.module = module
        self.window = window
        window.appear()  // loadView, viewDidLoad, viewWillAppear: the controller starts loading here
        render()
    }

    /// Lets every request in flight land (or go to sleep on the test clock: a slow request stays in
    /// flight) and the main actor run what the replies set off, then lays the screen out again
    /// (which may start the next page). Waits for events, never for time (within `WaitLimit`).
    func settle(sourceLocation: SourceLocation = #_sourceLocation) async {
        await network.settle(sourceLocation: sourceLocation)
        render()
    }

    /// Moves the test clock on by `duration` once every request is asleep on it, then settles.
    func advance(by duration: Duration, sourceLocation: SourceLocation = #_sourceLocation) async {
        await network.settle(sourceLocation: sourceLocation)
        await clock?.advance(by: duration)
        await settle(sourceLocation: sourceLocation)
    }

    /// A key, as the user presses it: through the focused view and the responder chain.
    func press(_ keys: Key...) {
        for key in keys {
            window?.handleKey(key)
            render()
        }
    }

    /// Draws the window into a fresh in-memory screen and returns its text.
    @discardableResult
    func render() -> String {
        guard let window else { return "" }
        let screen = MemoryScreen(size: size)
        window.render(in: Canvas(screen: screen, bounds: Rect(origin: .zero, size: size)))
        screen.present()
        return screen.text
    }

    /// Leaves the screen as the shell does: views disappear, then the module tears down, then
    /// the shell lets go of both.
    func tearDown() {
        window?.disappear()
        module?.tearDown()
        window = nil
        module = nil
    }
}
