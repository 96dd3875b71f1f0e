import Mediator
import PatternVocabulary
import Terminal
import Tracing
import Widgets

/// Hosts the module on show in a window: builds it through the registry (the mediator), tears it
/// down, and hands it keys, each inside a trace action named after what the key did.
@MainActor
final class ModuleHost {
    private let registry: ModuleRegistry
    private let context: ModuleContext
    private let tracer: Tracer
    private(set) var module: (any ScreenModule)?
    private(set) var window: Window?
    /// The field being typed into and its action: consecutive typing continues one action, so a
    /// typed name reads as one entry rather than one per letter.
    private var typing: (field: ObjectIdentifier, context: TraceContext)?
    /// The latest action the user started: what drawing sets off belongs to it.
    private var lastAction: TraceContext?
    /// Tells a double click on the module from two clicks (only the module has double clicks:
    /// a row opens on one), by when each arrived.
    private var clicks = ClickCounter()
    /// When a mouse event arrived; tests set a clock they move instead of waiting.
    var now: @MainActor () -> ContinuousClock.Instant = { ContinuousClock.now }
    /// Asked for when the module wants a frame.
    var onNeedsDisplay: (@MainActor () -> Void)?
    /// Set while a rewind replays keys: everything they set off belongs to the rewind's one action.
    var replaying: TraceContext?
    /// Counts the modules built: a timeline action can be rewound only within the build it was in.
    private(set) var buildNumber = 0
    /// The shared model as the module on show found it when built: where a rewind and compare's
    /// replays start from.
    private(set) var modelAtBuild: AppStateValues?
    /// The pattern and screen of the module on show, as it was built.
    private(set) var built: (pattern: PatternID, screen: ScreenID)?
    /// The ownership panel's view of the module on show and of the one a switch tore down.
    private(set) lazy var ownership = LiveOwnership(host: self, context: context)

    init(registry: ModuleRegistry, context: ModuleContext, tracer: Tracer) {
        self.registry = registry
        self.context = context
        self.tracer = tracer
    }

    var hasTextFocus: Bool { window?.focusedView is TextField }

    /// The typing action a text key would continue (the session recorder labels typed keys by it).
    var typingAction: TraceAction? { typing?.context.action }

    /// Runs `body` as a new action the user started.
    func perform(_ label: String, pattern: PatternID, _ body: () -> Void) {
        let action = replaying ?? tracer.beginAction(label, pattern: pattern.name)
        lastAction = action
        action.run(body)
    }

    func build(_ pattern: PatternID, _ screen: ScreenID) {
        buildNumber += 1
        modelAtBuild = AppStateValues(context.appState)
        guard let module = registry.makeModule(pattern, screen, context: context) else { return }
        let window = Window(rootViewController: module.rootViewController)
        window.onNeedsDisplay = { [weak self] in self?.onNeedsDisplay?() }
        self.module = module
        self.window = window
        built = (pattern, screen)
        window.appear()
    }

    /// Tears the module down and builds it again on the shared model as the module first found it.
    func rebuild(_ pattern: PatternID, _ screen: ScreenID) {
        tearDown()
        modelAtBuild?.restore(into: context.appState)
        build(pattern, screen)
    }

    /// Tears the module down: disappear hooks, cancelled work. `keepingGraph` (the ownership panel
    /// is open) keeps its object graph, to count what outlives it.
    func tearDown(keepingGraph: Bool = false) {
        guard let module, let window else { return }
        ownership.moduleWillTearDown(keep: keepingGraph)
        self.module = nil
        self.window = nil
        typing = nil
        window.disappear()
        module.tearDown()
    }

    /// Offers `key` to the module and says whether it used it.
    func offer(_ key: Key, pattern: PatternID) -> Bool {
        guard let window else { return false }
        var key = key
        if case .mouse(let event) = key { key = .mouse(clicks.count(event, at: now())) }
        return action(for: key, in: window, pattern: pattern).run {
            let consumed: Bool
            if case .mouse(let event) = key { consumed = window.handleMouse(event) } else { consumed = window.handleKey(key) }
            window.layoutIfNeeded()
            return consumed
        }
    }

    /// The action a key belongs to: the typing it continues, or a new one named after the key and
    /// the button it pressed.
    private func action(for key: Key, in window: Window, pattern: PatternID) -> TraceContext {
        if let replaying {
            lastAction = replaying
            return replaying
        }
        if key.isText, let field = window.focusedView as? TextField {
            let id = ObjectIdentifier(field)
            let context = typing?.field == id ? typing!.context
                : tracer.beginAction("typing in \(field.title)", pattern: pattern.name)
            typing = (id, context)
            lastAction = context
            return context
        }
        typing = nil
        // A click is named after the control under the pointer, a key after the focused one.
        let target: View? = if case .mouse(let event) = key { window.view(at: event.position) } else { window.focusedView }
        let label = (target as? Button).map { "\(key) on [\($0.title)]" } ?? "\(key)"
        let context = tracer.beginAction(label, pattern: pattern.name)
        lastAction = context
        return context
    }

    func render(in canvas: Canvas) {
        // Anything drawing sets off (a list that grew to show its last row asks for more) belongs to
        // the latest action, like the key presses that led there.
        Trace.$context.withValue(lastAction) {
            window?.render(in: canvas)
        }
    }
}

extension Key {
    /// A character or a paste: what a text field takes as text.
    var isText: Bool {
        switch self {
        case .character, .paste: true
        default: false
        }
    }
}
