import Widgets

/// The usual `ScreenModule`: a root view controller plus what to cancel on teardown. A pattern's
/// builder assembles its roles, then hands the root and the cancellation here.
@MainActor
package final class HostedScreen: ScreenModule {
    package let rootViewController: ViewController
    private var cancel: (@MainActor () -> Void)?

    package init(rootViewController: ViewController, onTearDown cancel: @escaping @MainActor () -> Void = {}) {
        self.rootViewController = rootViewController
        self.cancel = cancel
    }

    package func tearDown() {
        cancel?()
        cancel = nil
    }
}
