import Terminal

/// A rectangle of the screen that draws itself and holds subviews: the terminal's `UIView`.
///
/// Views lay out their subviews by setting `frame`s in `layoutSubviews()` and draw only through
/// the `Canvas` they are given, which clips to their bounds and sanitises and measures all text.
/// `open`, so public: the screens subclass it in other modules, and Swift has no package-wide open.
@MainActor
open class View {
    /// Creates a view with a frame in its future superview's coordinates.
    public init(frame: Rect = .zero) {
        self.frame = frame
    }

    /// The view's rectangle in its superview's coordinates. Changing the size re-lays it out.
    package var frame: Rect {
        didSet {
            guard frame != oldValue else { return }
            if frame.size != oldValue.size { setNeedsLayout() }
            superview?.setNeedsDisplay()
        }
    }

    /// The view's own coordinate space: origin zero, the frame's size.
    package var bounds: Rect { Rect(origin: .zero, size: frame.size) }

    /// The views drawn on top of this one, back to front.
    package private(set) var subviews: [View] = []

    /// The view this one is a subview of. Weak: the superview owns its subviews, not the reverse.
    package private(set) weak var superview: View?

    /// A hidden view is neither drawn nor focusable, and neither are its subviews.
    package var isHidden = false {
        didSet {
            guard isHidden != oldValue else { return }
            setNeedsDisplay()
        }
    }

    /// Whether the view must run `layoutSubviews()` before it is next drawn.
    package private(set) var needsLayout = true

    /// The controller whose root view this is; the responder chain asks it after this view.
    weak var owningViewController: ViewController?

    /// Set on the root view only: the window that hosts the hierarchy.
    weak var hostWindow: Window?

    /// Adds `view` on top of the other subviews, taking it from its old superview if it had one.
    package func addSubview(_ view: View) {
        guard view !== self else { return }
        view.removeFromSuperview()
        subviews.append(view)
        view.superview = self
        setNeedsLayout()
    }

    /// Detaches the view from its superview; focus inside it is dropped.
    package func removeFromSuperview() {
        guard let superview else { return }
        if let window, let focused = window.focusedView, focused.isDescendant(of: self) {
            window.resignFocus()
        }
        superview.subviews.removeAll { $0 === self }
        self.superview = nil
        superview.setNeedsLayout()
    }

    /// Places subviews by setting their frames. Called before drawing whenever layout is needed;
    /// the default does nothing.
    open func layoutSubviews() {}

    /// Runs `layoutSubviews()` now if a layout is pending.
    package func layoutIfNeeded() {
        guard needsLayout else { return }
        needsLayout = false
        layoutSubviews()
    }

    /// Draws the view itself (not its subviews). `canvas` covers exactly `bounds`.
    open func draw(in canvas: Canvas) {}

    /// Lays out if needed, draws the view, then each visible subview into its own part of the canvas.
    package func render(in canvas: Canvas) {
        layoutIfNeeded()
        draw(in: canvas)
        for subview in subviews where !subview.isHidden {
            subview.render(in: canvas.subcanvas(subview.frame))
        }
    }

    /// The size the view would like within `size`. The default keeps the current frame size.
    open func sizeThatFits(_ size: Size) -> Size { frame.size }

    /// Asks the window for a new frame. The host coalesces requests, so calling it often is cheap.
    package func setNeedsDisplay() {
        window?.requestDisplay()
    }

    /// Marks the view for `layoutSubviews()` before the next draw, and asks for that draw.
    package func setNeedsLayout() {
        needsLayout = true
        setNeedsDisplay()
    }

    /// Whether the view can take keyboard focus. False by default; controls override it.
    open var canBecomeFocused: Bool { false }

    /// Whether the view is the window's focused view.
    package var isFocused: Bool {
        guard let window else { return false }
        return window.focusedView === self
    }

    /// Handles a key sent to this view; returns true when consumed. Keys not consumed go to the
    /// superview, then to owning view controllers. The default consumes nothing.
    open func handleKey(_ key: Key) -> Bool { false }

    /// Handles a mouse event whose position is in this view's own coordinates (the window found
    /// the view under the pointer); returns true when consumed. Not consumed, it goes to the
    /// superview, in the superview's coordinates. The default consumes nothing.
    open func handleMouse(_ event: MouseEvent) -> Bool { false }

    /// Called when the view gains focus (subclasses start editing, redraw highlighted).
    open func didBecomeFocused() { setNeedsDisplay() }

    /// Called when the view loses focus.
    open func didResignFocus() { setNeedsDisplay() }

    /// The window that hosts this view's hierarchy, if it is on screen.
    package var window: Window? {
        var view = self
        while let parent = view.superview { view = parent }
        return view.hostWindow
    }

    /// True when the view and all its ancestors are visible.
    package var isVisibleInHierarchy: Bool {
        var view: View? = self
        while let current = view {
            if current.isHidden { return false }
            view = current.superview
        }
        return true
    }

    /// True when `ancestor` is this view or one of its superviews.
    package func isDescendant(of ancestor: View) -> Bool {
        var view: View? = self
        while let current = view {
            if current === ancestor { return true }
            view = current.superview
        }
        return false
    }

    /// This view and its visible descendants that can take focus, in tree order.
    func focusableViews() -> [View] {
        guard !isHidden else { return [] }
        var result: [View] = canBecomeFocused ? [self] : []
        for subview in subviews { result += subview.focusableViews() }
        return result
    }
}
