import Widgets

/// The usual `ScreenModule`: a root view controller plus what to cancel on teardown. A pattern's
/// builder assembles its roles, then hands the root and the cancellation here.
@MainActor
public final class HostedScreen: ScreenModule {
    public let rootViewController: ViewController
    private var cancel: (@MainActor () -> Void)?

    public init(rootViewController: ViewController, onTearDown cancel: @escaping @MainActor () -> Void = {}) {
        self.rootViewController = rootViewController
        self.cancel = cancel
    }

    public func tearDown() {
        cancel?()
        cancel = nil
    }
}
