import Mediator
import PatternVocabulary
import Terminal
import Tracing
import Widgets

/// The shell: hosts one screen module of one pattern in a window, draws the header, the trace
/// pane and the key bar around it, and swaps modules when the user switches pattern or screen.
/// It reaches modules only through the `ModuleRegistry` (the mediator).
///
/// Each screen has its pattern (`patterns`). Normally they move together: 1-4 and Tab put the
/// whole app in one pattern. In mix mode (`x`) they change only the screen on show, so one session
/// can hold the greeting in MVC and the listings in VIPER; leaving mix mode puts every screen in
/// the pattern on show.
@MainActor
public final class AppShell {
    /// The pattern of the screen on show.
    public var pattern: PatternID { patterns[screenID] }
    public private(set) var screenID: ScreenID
    /// The pattern each screen is built in.
    public private(set) var patterns: ScreenPatterns
    /// Mix mode: 1-4 and Tab change only the screen on show.
    public private(set) var isMixing: Bool
    public private(set) var isHelpVisible = false
    /// Where the help overlay is scrolled to, on a terminal too short to show it whole.
    private var helpScroll = PanelScroll()
    /// Set once the user asked to quit; the run loop stops reading events.
    public private(set) var shouldQuit = false
    /// How many frames were drawn (for benchmarks and tests of coalescing).
    public private(set) var frameCount = 0

    private let registry: ModuleRegistry
    /// What modules are built with; panels read the network from it.
    let context: ModuleContext
    private let tracer: Tracer
    /// The trace the pane shows; panels read it too (source).
    let traceBuffer: TraceBuffer
    private let screen: any Screen
    private var active: ActiveModule?
    private var notice: String?
    private var traceScroll = 0
    private var needsFrame = false
    private var frameScheduled = false
    private var typing: (field: ObjectIdentifier, context: TraceContext)?
    private var lastAction: TraceContext?
    /// The open tool panel, if any: it gets keys first and draws in the trace pane or the body.
    public private(set) var panel: (any ShellPanel)?
    /// The keys the active module was sent since it was built (shell commands left out): replaying
    /// them on a fresh module rebuilds its state, which is how compare reruns the last action.
    public private(set) var keysOnScreen: [Key] = []
    /// Replays key scripts on fresh headless shells (compare); the composition root supplies it.
    public var replayRunner: ReplayRunner?

    private struct ActiveModule {
        let module: any ScreenModule
        let window: Window
    }

    public init(
        registry: ModuleRegistry, context: ModuleContext, tracer: Tracer, traceBuffer: TraceBuffer,
        screen: any Screen, pattern: PatternID, screenID: ScreenID, screenPatterns: [ScreenID: PatternID] = [:]
    ) {
        self.registry = registry
        self.context = context
        self.tracer = tracer
        self.traceBuffer = traceBuffer
        self.screen = screen
        self.screenID = screenID
        patterns = ScreenPatterns(pattern, overrides: screenPatterns)
        // Started with the screens in different patterns: the user is mixing already.
        isMixing = patterns.isMixed
    }

    /// The module on screen now (for tests and the leak check).
    public var activeModule: (any ScreenModule)? { active?.module }

    /// The window hosting the module (for tests).
    public var activeWindow: Window? { active?.window }

    /// The size of the screen the shell draws on.
    public var screenSize: Size { screen.size }

    /// Builds the first module and draws the first frame.
    public func start() {
        if !registry.isAvailable(pattern, screenID) {
            // Asked for a screen this pattern has not got: fall back to one that exists.
            if let fallback = registry.patterns(offering: screenID).first {
                setPattern(fallback)
            } else if let screen = ScreenID.allCases.first(where: { !registry.patterns(offering: $0).isEmpty }) {
                screenID = screen
                setPattern(registry.patterns(offering: screen)[0])
            }
        }
        let label = isMixing ? "start: \(patterns.summary)" : "start: \(pattern.name) \(screenID.title)"
        let context = tracer.beginAction(label, pattern: pattern.name)
        lastAction = context
        context.run { install() }
        render()
    }

    /// Tears the active module down (disappear hooks, cancelled work); call before leaving.
    public func stop() {
        removeActiveModule()
    }

    /// Handles one event from the terminal and schedules a frame.
    public func handle(_ event: TerminalEvent) {
        switch event {
        case .key(let key):
            handle(key)
        case .resize:
            break  // the screen has the new size already; the next frame uses it
        case .terminate:
            shouldQuit = true
        }
        setNeedsFrame()
    }

    /// Asks for a frame; frames asked for during one turn of the main actor are drawn once.
    public func setNeedsFrame() {
        needsFrame = true
        guard !frameScheduled else { return }
        frameScheduled = true
        Task { @MainActor [weak self] in
            guard let self else { return }
            self.frameScheduled = false
            self.renderIfNeeded()
        }
    }

    /// Draws a frame now if one was asked for (tests call it instead of waiting for the task).
    public func renderIfNeeded() {
        guard needsFrame else { return }
        render()
    }

    /// Draws one whole frame: one erase, the parts, one present.
    public func render() {
        needsFrame = false
        frameCount += 1
        screen.erase()
        defer { screen.present() }
        let size = screen.size
        guard size.fits(ShellLayout.minimumSize) else {
            drawTooSmall(size)
            return
        }
        let layout = ShellLayout(size: size)
        let full = Canvas(screen: screen, bounds: Rect(origin: .zero, size: size))
        HeaderBar(patterns: patterns, screen: screenID, isMixing: isMixing, isAvailable: registry.isAvailable)
            .draw(in: full.subcanvas(layout.header))
        drawTitles(layout, in: full)
        switch panel?.placement {
        case .body?:
            panel?.draw(in: full.subcanvas(layout.body))
        case .tracePane?:
            drawModule(layout, in: full)
            panel?.draw(in: full.subcanvas(layout.trace))
        case nil:
            drawModule(layout, in: full)
            let maxScroll = TracePane.draw(traceBuffer.entries, scroll: traceScroll, in: full.subcanvas(layout.trace))
            traceScroll = min(traceScroll, maxScroll)
        }
        KeyBar(notice: notice).draw(in: full.subcanvas(layout.keyBar))
        if isHelpVisible {
            screen.setCursor(nil)  // the overlay hides the field the cursor belongs to
            let mix = isMixing || patterns.isMixed ? patterns.summary : nil
            HelpOverlay(pattern: pattern, roles: registry.roles(of: pattern), mix: mix).draw(in: full, scroll: &helpScroll)
        }
    }

    // MARK: - Keys

    private func handle(_ key: Key) {
        notice = nil
        if isHelpVisible {
            if Keymap.command(for: key) == .quit {
                shouldQuit = true
            } else if !helpScroll.handle(key) {
                isHelpVisible = false
            }
            return
        }
        // A panel drawn over the body hides the module: keys it passes on are the shell's alone,
        // never typed into a field the user cannot see.
        var moduleIsHidden = false
        if let open = panel {
            switch open.handle(key) {
            case .handled: return
            case .close: panel = nil; return
            case .ignored:
                if key == .escape { panel = nil; return }
                moduleIsHidden = open.placement == .body
            }
        }
        if !Keymap.isGlobal(key), !moduleIsHidden, let window = active?.window {
            let consumed = withAction(for: key, window: window) {
                let consumed = window.handleKey(key)
                window.layoutIfNeeded()
                return consumed
            }
            if consumed || Keymap.command(for: key) == nil { keysOnScreen.append(key) }
            if consumed { return }
        }
        if let command = Keymap.command(for: key) { perform(command) }
    }

    private func perform(_ command: ShellCommand) {
        switch command {
        case .selectPattern(let target): switchTo(pattern: target, screen: screenID)
        case .nextPattern: cycle(by: 1)
        case .previousPattern: cycle(by: -1)
        case .selectScreen(let target): switchTo(pattern: isMixing ? patterns[target] : pattern, screen: target)
        case .toggleMix: toggleMix()
        case .toggleHelp:
            isHelpVisible.toggle()
            helpScroll = PanelScroll()
        case .togglePanel(let id): panel = panel?.id == id ? nil : ShellPanels.make(id, for: self)
        case .scrollTraceUp: traceScroll += 5
        case .scrollTraceDown: traceScroll = max(0, traceScroll - 5)
        case .quit: shouldQuit = true
        }
    }

    private func cycle(by step: Int) {
        let offering = registry.patterns(offering: screenID)
        guard offering.count > 1 else {
            notice = "only \(pattern.name) has a \(screenID.title.lowercased()) screen so far"
            return
        }
        var next = pattern.cycled(by: step)
        while !offering.contains(next) { next = next.cycled(by: step) }
        switchTo(pattern: next, screen: screenID)
    }

    private func switchTo(pattern target: PatternID, screen targetScreen: ScreenID) {
        guard target != pattern || targetScreen != screenID else { return }
        guard registry.isAvailable(target, targetScreen) else {
            notice = "\(target.name) has no \(targetScreen.title.lowercased()) screen yet"
            return
        }
        let context = tracer.beginAction("switch to \(target.name) \(targetScreen.title)", pattern: target.name)
        lastAction = context
        context.run {
            trace(.shell, self, "tear down \(pattern.name) \(screenID.title), build \(target.name) \(targetScreen.title)")
            removeActiveModule()
            screenID = targetScreen
            setPattern(target)
            install()
        }
    }

    /// Puts the screen on show in `target`: only it in mix mode, every screen otherwise.
    private func setPattern(_ target: PatternID) {
        if isMixing {
            patterns[screenID] = target
        } else {
            patterns.setAll(target)
        }
    }

    /// Enters or leaves mix mode. Leaving puts every screen in the pattern on show, so 1-4 and Tab
    /// again mean "the whole app in this pattern". The module on show stays as it is either way.
    private func toggleMix() {
        isMixing.toggle()
        let shown = pattern
        let label = isMixing ? "mix on" : "mix off"
        tracer.beginAction(label, pattern: shown.name).run {
            if isMixing {
                trace(.shell, self, "1-4 and Tab now change the \(screenID.title.lowercased()) screen only")
                notice = "mix on: 1-4 and Tab now change the \(screenID.title) screen only (x again: one pattern)"
            } else {
                let others = ScreenID.allCases.filter { $0 != screenID && patterns[$0] != shown }
                patterns.setAll(shown)
                trace(.shell, self, others.isEmpty ? "every screen in \(shown.name) already"
                      : "\(others.map(\.title).joined(separator: ", ")) now in \(shown.name) too")
                notice = "mix off: every screen in \(shown.name); 1-4 and Tab change them all"
            }
        }
    }

    /// Runs a change a panel made (the inspector turning the network off) as an action of its own,
    /// so the trace pane, once the panel closes, shows it before the failures it explains.
    func performPanelAction(_ label: String, _ body: () -> Void) {
        tracer.beginAction(label, pattern: pattern.name).run(body)
    }

    /// Runs a key's handling inside a trace action. Consecutive typing in one field continues
    /// one action, so a typed name reads as one entry rather than one per letter.
    private func withAction(for key: Key, window: Window, _ body: () -> Bool) -> Bool {
        if case .character = key, let field = window.focusedView as? TextField {
            let id = ObjectIdentifier(field)
            let context = typing?.field == id ? typing!.context
                : tracer.beginAction("typing in \(field.title)", pattern: pattern.name)
            typing = (id, context)
            lastAction = context
            return context.run(body)
        }
        typing = nil
        let label: String
        if let button = window.focusedView as? Button {
            label = "\(key) on [\(button.title)]"
        } else {
            label = "\(key)"
        }
        let context = tracer.beginAction(label, pattern: pattern.name)
        lastAction = context
        return context.run(body)
    }

    // MARK: - Modules

    private func install() {
        guard let module = registry.makeModule(pattern, screenID, context: context) else { return }
        let window = Window(rootViewController: module.rootViewController)
        window.onNeedsDisplay = { [weak self] in self?.setNeedsFrame() }
        active = ActiveModule(module: module, window: window)
        keysOnScreen = []
        window.appear()
    }

    private func removeActiveModule() {
        guard let current = active else { return }
        active = nil
        typing = nil
        current.window.disappear()
        current.module.tearDown()
    }

    // MARK: - Drawing helpers

    private func drawTitles(_ layout: ShellLayout, in canvas: Canvas) {
        let rule = String(repeating: "─", count: layout.titles.width)
        canvas.draw(rule, at: Point(x: 0, y: layout.titles.minY), style: ShellTheme.rule)
        canvas.draw("┬", at: Point(x: layout.divider.minX, y: layout.titles.minY), style: ShellTheme.rule)
        let title = " \(pattern.name) · \(screenID.title) "
        canvas.draw(title, at: Point(x: 1, y: layout.titles.minY), style: ShellTheme.paneTitle)
        if let panel, panel.placement == .body {
            canvas.draw(rule, at: Point(x: 0, y: layout.titles.minY), style: ShellTheme.rule)
            canvas.draw(" \(panel.title) ", at: Point(x: 1, y: layout.titles.minY), style: ShellTheme.paneTitle)
        } else {
            let title = " \(panel?.title ?? "Trace") "
            canvas.draw(DisplayWidth.truncate(title, to: layout.trace.width - 1),
                        at: Point(x: layout.trace.minX + 1, y: layout.titles.minY), style: ShellTheme.paneTitle)
        }
    }

    private func drawModule(_ layout: ShellLayout, in canvas: Canvas) {
        for row in layout.divider.minY..<layout.divider.maxY {
            canvas.draw("│", at: Point(x: layout.divider.minX, y: row), style: ShellTheme.rule)
        }
        // Anything drawing sets off (a list that grew to show its last row asks for more) belongs to
        // the latest action, like the key presses that led there.
        Trace.$context.withValue(lastAction) {
            active?.window.render(in: canvas.subcanvas(layout.module))
        }
    }

    private func drawTooSmall(_ size: Size) {
        let needs = ShellLayout.minimumSize
        let message = "terminal too small (\(size), needs \(needs))"
        let canvas = Canvas(screen: screen, bounds: Rect(origin: .zero, size: size))
        // Wrapped onto as many rows as the width needs, centred, so even 20 columns show it all.
        let lines = TextWrap.lines(message, width: max(1, size.width))
        let top = max(0, (size.height - lines.count) / 2)
        for (index, line) in lines.enumerated() {
            let x = max(0, (size.width - DisplayWidth.of(line)) / 2)
            canvas.draw(line, at: Point(x: x, y: top + index), style: ShellTheme.notice)
        }
        screen.setCursor(nil)
    }
}
