import Terminal

/// Hosts one root view controller on a screen: draws it, owns keyboard focus, and routes keys
/// through the responder chain.
///
/// Key routing: the focused view, its superviews, and at each view that is a controller's root
/// view that controller (so the top controller is asked before the navigation controller
/// around it). ↑/↓ that nobody consumed move focus.
@MainActor
package final class Window {
    /// The controller whose view fills the window.
    package let rootViewController: ViewController

    /// The area the window last rendered into, in screen coordinates.
    package var frame: Rect = .zero

    /// Called when something needs redrawing; at most once between two `render(in:)` calls, so
    /// the shell can schedule one coalesced frame.
    package var onNeedsDisplay: (@MainActor () -> Void)?

    /// The view that receives keys first. Weak: the view hierarchy owns its views.
    package private(set) weak var focusedView: View?

    private var isDisplayRequested = false
    private var isRendering = false

    /// Creates a window for `rootViewController`, loading its view.
    package init(rootViewController: ViewController) {
        self.rootViewController = rootViewController
        rootViewController.view.hostWindow = self
    }

    /// Runs `viewWillAppear`/`viewDidAppear` down the hierarchy (root, navigation top, children)
    /// and focuses the first focusable view when nothing is focused.
    package func appear() {
        rootViewController.beginAppearanceTransition(isAppearing: true)
        rootViewController.endAppearanceTransition()
        if !hasValidFocus {
            let preferred = innermostViewController.preferredFocusedView
            focusFirst(in: rootViewController.view, preferring: preferred)
        }
    }

    /// Runs `viewWillDisappear`/`viewDidDisappear` down the hierarchy. Call before dropping the window.
    package func disappear() {
        rootViewController.beginAppearanceTransition(isAppearing: false)
        rootViewController.endAppearanceTransition()
    }

    /// Lays out and draws the root view controller's view to fill `canvas`.
    package func render(in canvas: Canvas) {
        isRendering = true
        isDisplayRequested = false
        defer { isRendering = false }
        frame = canvas.bounds
        let rootView = rootViewController.view
        rootView.frame = Rect(origin: .zero, size: canvas.size)
        rootView.render(in: canvas)
    }

    /// Lays the hierarchy out at the size of the last frame, without drawing, so that callbacks
    /// layout sets off (a list showing its last row asks for the next page) run now — inside the
    /// action of the key that caused them — rather than later, in the middle of a frame.
    package func layoutIfNeeded() {
        guard !frame.isEmpty else { return }
        let rootView = rootViewController.view
        rootView.frame = Rect(origin: .zero, size: frame.size)
        layOut(rootView)
    }

    private func layOut(_ view: View) {
        view.layoutIfNeeded()
        for subview in view.subviews where !subview.isHidden { layOut(subview) }
    }

    /// Sends `key` along the responder chain; returns whether something consumed it.
    /// Esc in a text field leaves it: focus moves on to the next control that is not a text field,
    /// so the keys a text field would type (`q`, digits) work again.
    @discardableResult
    package func handleKey(_ key: Key) -> Bool {
        if key == .escape, hasValidFocus, let field = focusedView as? TextField {
            leaveTextField(field)
            return true
        }
        var responder: View? = hasValidFocus ? focusedView : innermostViewController.view
        while let view = responder {
            if view.handleKey(key) { return true }
            if let controller = view.owningViewController, controller.handleKey(key) { return true }
            responder = view.superview
        }
        switch key {
        case .down: return moveFocus(forward: true)
        case .up: return moveFocus(forward: false)
        default: return false
        }
    }

    /// Sends a mouse event (in screen coordinates) to the deepest visible view under the pointer,
    /// then up through its superviews until one consumes it. Controls do with a click what they do
    /// with their keys (a button sends its actions, a list row reports its selection), so a click
    /// takes the same path through a pattern's code as the keyboard does. Returns whether
    /// something consumed it.
    @discardableResult
    package func handleMouse(_ event: MouseEvent) -> Bool {
        let local = event.offset(by: frame.origin)
        var chain: [(view: View, origin: Point)] = []
        var current: (view: View, origin: Point)? = (rootViewController.view, .zero)
        // Down from the root: the topmost visible subview containing the point, each time.
        while case let (view, origin)? = current {
            guard !view.isHidden, Self.frame(of: view, at: origin).contains(local.position) else { break }
            chain.append((view, origin))
            current = view.subviews.reversed().lazy.filter { !$0.isHidden }.map { subview in
                (subview, Point(x: origin.x + subview.frame.minX, y: origin.y + subview.frame.minY))
            }.first { Self.frame(of: $0.0, at: $0.1).contains(local.position) }
        }
        for (view, origin) in chain.reversed() where view.handleMouse(local.offset(by: origin)) {
            return true
        }
        return false
    }

    /// The deepest visible view under `point` (screen coordinates), or nil outside the window.
    package func view(at point: Point) -> View? {
        let local = Point(x: point.x - frame.minX, y: point.y - frame.minY)
        var found: View?
        var current: (view: View, origin: Point)? = (rootViewController.view, .zero)
        while case let (view, origin)? = current {
            guard !view.isHidden, Self.frame(of: view, at: origin).contains(local) else { break }
            found = view
            current = view.subviews.reversed().lazy.filter { !$0.isHidden }.map { subview in
                (subview, Point(x: origin.x + subview.frame.minX, y: origin.y + subview.frame.minY))
            }.first { Self.frame(of: $0.0, at: $0.1).contains(local) }
        }
        return found
    }

    private static func frame(of view: View, at origin: Point) -> Rect {
        Rect(origin: origin, size: view.frame.size)
    }

    /// Gives `view` the focus, if it can take it and is in this window.
    package func focus(_ view: View) {
        guard view.canBecomeFocused, view.window === self, view !== focusedView else { return }
        let previous = focusedView
        focusedView = view
        previous?.didResignFocus()
        view.didBecomeFocused()
    }

    /// Moves focus to the next (or previous) focusable visible view in tree order, wrapping
    /// around. Returns false when nothing can take focus.
    @discardableResult
    package func moveFocus(forward: Bool) -> Bool {
        let candidates = rootViewController.view.focusableViews()
        guard !candidates.isEmpty else { return false }
        let next: Int
        if let focusedView, let index = candidates.firstIndex(where: { $0 === focusedView }) {
            next = (index + (forward ? 1 : -1) + candidates.count) % candidates.count
        } else {
            next = forward ? 0 : candidates.count - 1
        }
        focus(candidates[next])
        return true
    }

    /// Focuses the first control after `field` (wrapping) that is not a text field; none: no focus.
    private func leaveTextField(_ field: TextField) {
        let candidates = rootViewController.view.focusableViews().filter { $0.isVisibleInHierarchy }
        let start = candidates.firstIndex { $0 === field } ?? 0
        let rotated = candidates[(start + 1)...] + candidates[..<start]
        if let next = rotated.first(where: { !($0 is TextField) }) {
            focus(next)
        } else {
            resignFocus()
        }
    }

    /// Drops the focus (the focused view is leaving the window).
    func resignFocus() {
        guard let previous = focusedView else { return }
        focusedView = nil
        previous.didResignFocus()
    }

    /// Focuses `preferred` if it can be, else the first focusable view inside `view` that is not a
    /// text field, else nothing: a screen never starts with its focus in a text field unless the
    /// user (or the controller, by preferring one) put it there, or keys like `q` would be typed.
    func focusFirst(in view: View, preferring preferred: View?) {
        if let preferred, preferred.canBecomeFocused, preferred.isVisibleInHierarchy, preferred.window === self {
            focus(preferred)
        } else if let first = view.focusableViews().first(where: { $0.isVisibleInHierarchy && !($0 is TextField) }) {
            focus(first)
        } else {
            resignFocus()
        }
    }

    /// Asks the host for one frame, unless one is already asked for or being drawn.
    func requestDisplay() {
        guard !isRendering, !isDisplayRequested else { return }
        isDisplayRequested = true
        onNeedsDisplay?()
    }

    /// Whether the focused view is still in this window and visible.
    private var hasValidFocus: Bool {
        guard let focusedView else { return false }
        return focusedView.window === self && focusedView.isVisibleInHierarchy && focusedView.canBecomeFocused
    }

    /// The controller the user is looking at: down through navigation stacks to the top.
    private var innermostViewController: ViewController {
        var controller = rootViewController
        while let navigation = controller as? NavigationController, let top = navigation.topViewController {
            controller = top
        }
        return controller
    }
}
