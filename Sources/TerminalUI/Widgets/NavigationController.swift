import Terminal

/// A stack of controllers with a breadcrumb above the top one: the terminal's
/// `UINavigationController`. Esc or Backspace (when no view consumed it) goes back.
@MainActor
package final class NavigationController: ViewController {
    /// The stack, root first. The navigation controller owns them (they are its children).
    package private(set) var viewControllers: [ViewController] = []

    /// The controller on screen.
    package var topViewController: ViewController? { viewControllers.last }

    /// Creates a stack holding `rootViewController`.
    package init(rootViewController: ViewController) {
        super.init()
        pushViewController(rootViewController)
    }

    /// The container that draws the breadcrumb above the top view.
    package override func loadView() {
        view = NavigationContainerView(navigationController: self)
    }

    /// Shows the top controller's view.
    package override func viewDidLoad() {
        container.contentView = topViewController?.view
    }

    /// Shows `viewController` on top. When on screen, runs: old `viewWillDisappear`, new
    /// `viewWillAppear`, old `viewDidDisappear`, new `viewDidAppear`.
    package func pushViewController(_ viewController: ViewController) {
        let old = topViewController
        addChild(viewController)
        viewController.navigationController = self
        viewControllers.append(viewController)
        transition(from: old, to: viewController)
    }

    /// Removes the top controller (never the root) and shows the one under it; returns the
    /// removed one, or nil when only the root is left.
    @discardableResult
    package func popViewController() -> ViewController? {
        guard viewControllers.count > 1 else { return nil }
        let old = viewControllers.removeLast()
        if let new = topViewController { transition(from: old, to: new) }
        old.removeFromParent()
        old.navigationController = nil
        return old
    }

    /// Esc and Backspace go back one level when there is a level to go back to.
    package override func handleKey(_ key: Key) -> Bool {
        switch key {
        case .escape, .backspace:
            return popViewController() != nil
        default:
            return false
        }
    }

    override var appearanceChildren: [ViewController] { topViewController.map { [$0] } ?? [] }

    private var container: NavigationContainerView {
        // Only this class assigns the view, always a container.
        view as! NavigationContainerView
    }

    private func transition(from old: ViewController?, to new: ViewController) {
        let isOnScreen = appearanceState == .appeared
        if isOnScreen {
            old?.beginAppearanceTransition(isAppearing: false)
            new.beginAppearanceTransition(isAppearing: true)
        }
        if isViewLoaded {
            let window = view.window
            if let old, let focused = window?.focusedView, old.isViewLoaded, focused.isDescendant(of: old.view) {
                old.lastFocusedView = focused
            }
            container.contentView = new.view
            window?.focusFirst(in: new.view, preferring: new.lastFocusedView ?? new.preferredFocusedView)
        }
        if isOnScreen {
            old?.endAppearanceTransition()
            new.endAppearanceTransition()
        }
    }
}
