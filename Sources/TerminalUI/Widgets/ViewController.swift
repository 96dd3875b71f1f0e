import Terminal

/// Owns one screen's view and reacts to its life cycle: the terminal's `UIViewController`.
///
/// The view is created on first access by `loadView()`, then `viewDidLoad()` runs once. The
/// appearance hooks run in UIKit order when a window appears or a navigation controller
/// pushes and pops.
/// `open`, so public: the patterns subclass it in their own modules (Swift has no package-wide open).
@MainActor
open class ViewController {
    /// Where the controller is in its appearance cycle; keeps hooks from running twice.
    enum AppearanceState {
        case disappeared, appearing, appeared, disappearing
    }

    /// Creates a controller; its view is loaded on first access.
    public init() {}

    private var loadedView: View?
    private var isLoadingView = false
    var appearanceState = AppearanceState.disappeared
    /// The view that had focus when this controller was covered, so a pop can give it back.
    weak var lastFocusedView: View?
    private weak var navigationControllerStorage: NavigationController?

    /// The root view of this controller, loaded on first access. Assign it in `loadView()`.
    package var view: View {
        get {
            if let loadedView { return loadedView }
            precondition(!isLoadingView, "loadView() read `view` before assigning it")
            isLoadingView = true
            loadView()
            isLoadingView = false
            if loadedView == nil { self.view = View() }  // loadView() chose not to assign one
            viewDidLoad()
            return loadedView!
        }
        set {
            loadedView?.owningViewController = nil
            newValue.owningViewController = self
            loadedView = newValue
        }
    }

    /// The view if it has been loaded, without loading it.
    package var viewIfLoaded: View? { loadedView }

    /// Whether `view` has been created.
    package var isViewLoaded: Bool { loadedView != nil }

    /// Creates the view. Override to assign `view = MyFormView()`; the default is a plain `View`.
    open func loadView() { view = View() }

    /// Called once after the view was loaded: add subviews, wire targets and delegates here.
    open func viewDidLoad() {}
    /// Called before the view comes on screen.
    open func viewWillAppear() {}
    /// Called after the view came on screen.
    open func viewDidAppear() {}
    /// Called before the view leaves the screen.
    open func viewWillDisappear() {}
    /// Called after the view left the screen.
    open func viewDidDisappear() {}

    /// The name shown in the navigation breadcrumb.
    open var title = "" {
        didSet { navigationController?.viewIfLoaded?.setNeedsDisplay() }
    }

    /// The view that should get focus when this controller comes on screen and nothing else
    /// is focused; nil picks the first focusable view.
    open var preferredFocusedView: View? { nil }

    /// The navigation controller this controller (or one of its parents) is in.
    package internal(set) var navigationController: NavigationController? {
        get { navigationControllerStorage ?? parent?.navigationController }
        set { navigationControllerStorage = newValue }
    }

    /// The containing controller. Weak: parents own their children.
    package private(set) weak var parent: ViewController?

    /// Contained controllers, in the order added.
    package private(set) var children: [ViewController] = []

    /// Makes `child` a contained controller (taking it from its old parent). Adding the child's
    /// view to the hierarchy is the caller's job, as in UIKit.
    package func addChild(_ child: ViewController) {
        guard child !== self, child.parent !== self else { return }
        child.removeFromParent()
        children.append(child)
        child.parent = self
    }

    /// Detaches this controller from its parent.
    package func removeFromParent() {
        guard let parent else { return }
        parent.children.removeAll { $0 === self }
        self.parent = nil
    }

    /// Handles a key no view consumed; return true when consumed. The default consumes nothing.
    open func handleKey(_ key: Key) -> Bool { false }

    /// The children whose appearance follows this controller's (a navigation controller: only the top).
    var appearanceChildren: [ViewController] { children }

    /// Runs `viewWillAppear` or `viewWillDisappear` here and down the appearance children.
    func beginAppearanceTransition(isAppearing: Bool) {
        if isAppearing {
            guard appearanceState == .disappeared || appearanceState == .disappearing else { return }
            appearanceState = .appearing
            viewWillAppear()
        } else {
            guard appearanceState == .appeared || appearanceState == .appearing else { return }
            appearanceState = .disappearing
            viewWillDisappear()
        }
        for child in appearanceChildren { child.beginAppearanceTransition(isAppearing: isAppearing) }
    }

    /// Runs the matching `viewDidAppear` or `viewDidDisappear` here and down the appearance children.
    func endAppearanceTransition() {
        switch appearanceState {
        case .appearing:
            appearanceState = .appeared
            viewDidAppear()
        case .disappearing:
            appearanceState = .disappeared
            viewDidDisappear()
        case .appeared, .disappeared:
            return
        }
        for child in appearanceChildren { child.endAppearanceTransition() }
    }

    /// The title shown for this controller, falling back to its type name.
    var displayTitle: String {
        title.isEmpty ? String(describing: type(of: self)) : title
    }
}
