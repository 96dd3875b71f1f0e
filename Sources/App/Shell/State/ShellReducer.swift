import Model
import Mediator
import Networking
import PatternVocabulary
import Terminal
import Tracing

/// What the reducer may read besides the state: which modules exist, and the live things panels
/// show. Nothing here is changed by the reducer.
@MainActor
package struct ShellEnvironment {
    package var registry: ModuleRegistry
    /// Whether compare can replay actions (the composition root gave the shell a replayer).
    package var canReplay: Bool
    package var trace: TraceBuffer
    package var network: NetworkEnvironment
    package var moduleHasTextFocus = false
    package var sources = SourceListings()
    package var timeline = StateTimeline()
    /// The trace as the pane shows it, filtered and folded, kept between frames.
    package var shownTrace = ShownTrace()
    /// The pattern of the screen on show, for the panels' notes (`PanelContext.pattern`).
    package var pattern = PatternID.mvc
    /// The rows the tour's card takes now (`ShellState.tourCardRows`): the panels' areas are shorter by them.
    package var tourCardRows = 0

    /// What a panel at `placement` reads, on a terminal of `size`.
    func panelContext(_ placement: PanelPlacement, size: Size) -> PanelContext {
        let layout = ShellLayout(size: size, card: tourCardRows)
        let area = placement == .body ? layout.body.size : layout.trace.size
        return PanelContext(size: area, trace: trace, network: network, moduleHasTextFocus: moduleHasTextFocus,
                            sources: sources, timeline: timeline, pattern: pattern, roles: registry.roles(of: pattern))
    }
}

/// The shell's one reducer: `(state, event) → (state, [effect])`. Pure apart from reading the
/// environment: it decides, `AppShell` carries the effects out. Follow a key from here:
/// help first, then the open panel, then the module (an effect, answered by `.moduleAnswered`),
/// then the key map's shell command.
@MainActor
package enum ShellReducer {
    package static func reduce(_ state: inout ShellState, _ event: ShellEvent, in environment: ShellEnvironment)
        -> [ShellEffect] {
        switch event {
        case .start:
            return start(&state, environment)
        case .key(let key) where state.isRewinding:
            if Keymap.command(for: key) == .quit { state.shouldQuit = true }
            return []
        case .key(.mouse(let event)), .replayKey(.mouse(let event)):
            return handleMouse(event, &state, environment)
        case .key(let key), .replayKey(let key):
            state.notice = nil
            return handle(key, &state, environment)
        case .moduleAnswered(.mouse(let mouse), let consumed):
            // A click the module used is replayed by compare like a key; one that hit nothing is not.
            if consumed { state.keysOnScreen.append(.mouse(mouse)) }
            return []
        case .moduleAnswered(let key, let consumed):
            // The tour card's keys come after the module's (a field types them) and are no module key.
            if !consumed, let effects = tourKey(key, &state, environment) { return effects }
            if consumed || Keymap.command(for: key) == nil { state.keysOnScreen.append(key) }
            if consumed { return [] }
            return Keymap.command(for: key).map { perform($0, &state, environment) } ?? []
        case .resize(let size):
            state.size = size
            return []
        case .terminate:
            state.shouldQuit = true
            return []
        case .notice(let text):
            state.notice = text
            return []
        case .frameWillDraw:
            let pane = state.layout.trace.size
            state.traceAnchor = TracePane.follow(state.traceAnchor, environment.shownTrace.apply(state.traceFilter, to: environment.trace).entries,
                                                 size: pane)
            // The tour's step is done once the trace (replies included) shows what it expects.
            var effects: [ShellEffect] = []
            if var tour = state.tour {
                effects = tour.evaluate(trace: environment.trace, openPanel: state.panel?.id)
                state.tour = tour
            }
            // The ownership panel's graph follows the module: taken again after a switch or a push.
            if case .ownership(let panel) = state.panel { effects.append(.followOwnership(since: panel.stamp)) }
            return effects
        case .rewinding:
            state.isRewinding = true
            state.panel = nil
            state.help = nil
            state.traceFilterDraft = nil
            state.keysOnScreen = []
            state.replayNetworkType = .wifi
            return []
        case .tourPlaying(let playing):
            state.tour?.isPlaying = playing
            return []
        case .rewound(let action):
            state.isRewinding = false
            state.panel = .timeline(TimelinePanel(selecting: action))
            return []
        case .replayed(let token, let columns):
            if case .compare(var compare) = state.panel, compare.token == token {
                compare.show(columns)
                state.panel = .compare(compare)
            }
            return []
        case .ownershipCaptured(let token, let columns):
            if case .ownership(var panel) = state.panel {
                panel.show(columns, token: token)
                state.panel = .ownership(panel)
            }
            return []
        case .ownershipRetaken(let stamp, let snapshot):
            if case .ownership(var panel) = state.panel {
                panel.retake(snapshot, stamp: stamp, screen: state.screen)
                state.panel = .ownership(panel)
            }
            return []
        case .ownershipFreed(let freed):
            if case .ownership(var panel) = state.panel {
                panel.update(freed: freed)
                state.panel = .ownership(panel)
            }
            return []
        }
    }

    // MARK: - Keys

    private static func handle(_ key: Key, _ state: inout ShellState, _ environment: ShellEnvironment) -> [ShellEffect] {
        if let draft = state.traceFilterDraft {
            editTraceFilter(draft, key, &state)
            return []
        }
        if var help = state.help {
            if Keymap.command(for: key) == .quit {
                state.shouldQuit = true
            } else {
                let overlay = HelpOverlay(state: state, registry: environment.registry)
                let page = overlay.pageHeight(on: state.size)
                state.help = help.handle(key, page: page, content: overlay.lineCount(on: state.size)) ? help : nil
            }
            return []
        }
        // A panel drawn over the body hides the module: keys it passes on are the shell's alone,
        // never typed into a field the user cannot see.
        var moduleIsHidden = false
        if var panel = state.panel {
            let result = panel.handle(key, in: environment.panelContext(panel.placement, size: state.size))
            state.panel = panel
            switch result {
            case .consumed: return []
            case .effect(let effect):
                // A change of network type is compared like a module key: record keys that redo it.
                if case .network(let control, _) = effect,
                   let (keys, type) = NetworkPanel.replayKeys(for: control, from: state.replayNetworkType, on: environment.network) {
                    state.keysOnScreen += keys
                    state.replayNetworkType = type
                }
                return [effect]
            case .close:
                state.panel = nil
                return []
            case .openSource(let event):
                state.panel = .source(SourcePanel(selecting: event))
                return []
            case .passOn:
                if key == .escape {
                    state.panel = nil
                    return []
                }
                moduleIsHidden = panel.placement == .body
            }
        }
        if !Keymap.isGlobal(key), !moduleIsHidden, environment.registry.isAvailable(state.pattern, state.screen) {
            return [.offerToModule(key)]
        }
        if let effects = tourKey(key, &state, environment) { return effects }
        return Keymap.command(for: key).map { perform($0, &state, environment) } ?? []
    }

    // MARK: - The tour

    /// A key of the tour card's, while the card shows and no solution plays: its effects, or nil when
    /// the key is not the card's. Asked after the module, so a text field keeps its letters.
    private static func tourKey(_ key: Key, _ state: inout ShellState, _ environment: ShellEnvironment) -> [ShellEffect]? {
        guard var tour = state.tour, tour.isShown, !tour.isPlaying, let command = Keymap.tourCommand(for: key) else { return nil }
        let effects = tour.perform(command, lastAction: environment.trace.lastAction?.id)
        state.tour = tour
        return effects
    }

    /// The line a first start shows in the key bar's place, naming the tour's key from the key map.
    package static func firstStartNotice(steps: Int) -> String? {
        guard let keys = Keymap.bindings.first(where: { $0.commands.values.contains(.toggleTour) })?.keys else { return nil }
        return "new here? press \(keys) for a guided tour of mvx (\(steps) short steps)"
    }

    // MARK: - The trace filter

    /// A key while the filter is typed: text goes into it, Backspace takes the last character
    /// back, Enter applies it, Esc leaves it as it was. Nothing else happens meanwhile.
    private static func editTraceFilter(_ draft: String, _ key: Key, _ state: inout ShellState) {
        switch key {
        case .character(let character) where draft.count < TraceFilter.lengthLimit:
            state.traceFilterDraft = draft + String(character)
        case .backspace:
            state.traceFilterDraft = String(draft.dropLast())
        case .enter:
            state.traceFilter.setText(draft)
            state.traceFilterDraft = nil
            refilter(&state)
        case .escape:
            state.traceFilterDraft = nil
        case .control("c"):
            state.shouldQuit = true  // Ctrl-C quits from anywhere
        default:
            break
        }
    }

    /// The pane starts again from the newest lines the new filter shows.
    private static func refilter(_ state: inout ShellState) {
        state.traceScroll = 0
        state.traceAnchor = nil
    }

    // MARK: - Mouse

    /// A mouse event: the shell hit-tests its own chrome (tabs, panes, panels, help) and hands
    /// what lands on the module to it, in screen coordinates (`.offerToModule`), where the window
    /// finds the control under the pointer. A tab click performs the tab's key's command (the tab
    /// of the pattern on show: `i`'s, its card), the wheel scrolls what is under the pointer as ↑/↓
    /// or `[`/`]` would.
    private static func handleMouse(_ event: MouseEvent, _ state: inout ShellState, _ environment: ShellEnvironment)
        -> [ShellEffect] {
        guard state.size.fits(ShellLayout.minimumSize) else { return [] }
        let layout = state.layout
        let point = event.position
        let wheel: Key? = switch event.kind {
        case .wheelUp: .up
        case .wheelDown: .down
        default: nil
        }
        guard wheel != nil || event.isClick else { return [] }  // releases, middle and right buttons
        if var help = state.help {
            if let wheel {
                let overlay = HelpOverlay(state: state, registry: environment.registry)
                _ = help.handle(wheel, page: overlay.pageHeight(on: state.size), content: overlay.lineCount(on: state.size))
                state.help = help
            } else {
                state.help = nil  // a click anywhere closes the help, as any other key would
            }
            return []
        }
        if layout.header.contains(point) {
            guard event.isClick else { return [] }
            state.notice = nil
            let header = HeaderBar(patterns: state.patterns, screen: state.screen, isMixing: state.isMixing,
                                   isAvailable: environment.registry.isAvailable)
            switch header.target(atColumn: point.x, width: layout.header.width) {
            // The tab of the pattern on show (the focused screen's, in mix mode too) opens or closes its
            // card, as `i` does: a switch to it would do nothing. Another tab switches, card or not.
            case .pattern(let pattern) where pattern == state.pattern: return perform(.togglePanel(.card), &state, environment)
            case .pattern(let pattern): return perform(.selectPattern(pattern), &state, environment)
            case .screen(let screen): return perform(.selectScreen(screen), &state, environment)
            case .mix: return perform(.toggleMix, &state, environment)
            case nil: return []
            }
        }
        if var panel = state.panel, (panel.placement == .body ? layout.body : layout.trace).contains(point) {
            guard let wheel else { return [] }
            let context = environment.panelContext(panel.placement, size: state.size)
            var result = panel.handle(wheel, in: context)
            // A panel without ↑/↓ (the network inspector) scrolls by its own "select" keys.
            if result == .passOn, let key = Keymap.key(for: .selectRequest(newer: wheel == .up), in: panel.id) {
                result = panel.handle(key, in: context)
            }
            state.panel = panel
            if case .effect(let effect) = result { return [effect] }
            return []
        }
        if state.panel == nil, layout.trace.contains(point) {
            guard let wheel else { return [] }
            return perform(wheel == .up ? .scrollTraceUp : .scrollTraceDown, &state, environment)
        }
        if layout.module.contains(point), environment.registry.isAvailable(state.pattern, state.screen) {
            state.notice = nil
            return [.offerToModule(.mouse(event))]
        }
        return []
    }

    private static func perform(_ command: ShellCommand, _ state: inout ShellState, _ environment: ShellEnvironment)
        -> [ShellEffect] {
        switch command {
        case .selectPattern(let target):
            return switchTo(target, state.screen, &state, environment)
        case .nextPattern:
            return cycle(by: 1, &state, environment)
        case .previousPattern:
            return cycle(by: -1, &state, environment)
        case .selectScreen(let target):
            return switchTo(state.isMixing ? state.patterns[target] : state.pattern, target, &state, environment)
        case .toggleMix:
            return toggleMix(&state)
        case .toggleHelp:
            state.help = state.help == nil ? ScrollPosition() : nil
        case .togglePanel(let id):
            if state.panel?.id == id {
                state.panel = nil
                return []
            }
            let context = environment.panelContext(.body, size: state.size)
            guard let (panel, effect) = OpenPanel.open(id, state: state, context: context,
                                                       canReplay: environment.canReplay) else { return [] }
            state.panel = panel
            if case .replay = effect { state.replayCount += 1 }
            return effect.map { [$0] } ?? []
        case .scrollTraceUp:
            let pane = state.layout.trace.size
            let wanted = state.traceScroll + 5
            state.traceScroll = min(wanted, TracePane.maxScroll(environment.shownTrace.apply(state.traceFilter, to: environment.trace).entries,
                                                                anchor: state.traceAnchor, size: pane, limit: wanted))
        case .scrollTraceDown:
            state.traceScroll = max(0, state.traceScroll - 5)
        case .editTraceFilter:
            state.traceFilterDraft = state.traceFilter.text
        case .toggleOwnRoles:
            state.traceFilter.ownRolesOnly.toggle()
            refilter(&state)
        case .toggleTraceFolds:
            state.traceFilter.foldsRequests.toggle()
            refilter(&state)
        case .saveSession:
            return [.saveSession]
        case .toggleTour:
            return state.tour?.toggle() ?? []
        case .quit:
            state.shouldQuit = true
        }
        return []
    }

    // MARK: - Patterns and screens

    private static func start(_ state: inout ShellState, _ environment: ShellEnvironment) -> [ShellEffect] {
        let registry = environment.registry
        if !registry.isAvailable(state.pattern, state.screen) {
            // Asked for a screen this pattern has not got: fall back to one that exists.
            if let fallback = registry.patterns(offering: state.screen).first {
                setPattern(fallback, &state)
            } else if let screen = ScreenID.allCases.first(where: { !registry.patterns(offering: $0).isEmpty }) {
                state.screen = screen
                setPattern(registry.patterns(offering: screen)[0], &state)
            }
        }
        if let tour = state.tour, tour.isFirstStart, !tour.isShown {
            state.notice = firstStartNotice(steps: tour.guide.tour.steps.count)
        }
        let label = state.isMixing ? "start: \(state.patterns.summary)"
            : "start: \(state.pattern.name) \(state.screen.title)"
        return [.buildModule(action: label)]
    }

    private static func cycle(by step: Int, _ state: inout ShellState, _ environment: ShellEnvironment) -> [ShellEffect] {
        let offering = environment.registry.patterns(offering: state.screen)
        guard offering.count > 1 else {
            state.notice = "only \(state.pattern.name) has a \(state.screen.title.lowercased()) screen so far"
            return []
        }
        var next = state.pattern.cycled(by: step)
        while !offering.contains(next) { next = next.cycled(by: step) }
        return switchTo(next, state.screen, &state, environment)
    }

    private static func switchTo(
        _ target: PatternID, _ targetScreen: ScreenID, _ state: inout ShellState, _ environment: ShellEnvironment
    ) -> [ShellEffect] {
        guard target != state.pattern || targetScreen != state.screen else { return [] }
        guard environment.registry.isAvailable(target, targetScreen) else {
            state.notice = "\(target.name) has no \(targetScreen.title.lowercased()) screen yet"
            return []
        }
        let note = "tear down \(state.pattern.name) \(state.screen.title), build \(target.name) \(targetScreen.title)"
        state.screen = targetScreen
        setPattern(target, &state)
        state.keysOnScreen = []
        state.replayNetworkType = .wifi
        return [.switchModule(action: "switch to \(target.name) \(targetScreen.title)", note: note)]
    }

    /// Puts the screen on show in `target`: only it in mix mode, every screen otherwise.
    private static func setPattern(_ target: PatternID, _ state: inout ShellState) {
        if state.isMixing {
            state.patterns[state.screen] = target
        } else {
            state.patterns.setAll(target)
        }
    }

    /// Enters or leaves mix mode. Leaving puts every screen in the pattern on show, so 1-4 and Tab
    /// again mean "the whole app in this pattern". The module on show stays as it is either way.
    private static func toggleMix(_ state: inout ShellState) -> [ShellEffect] {
        state.isMixing.toggle()
        let shown = state.pattern
        let screen = state.screen
        if state.isMixing {
            state.notice = "mix on: 1-4 and Tab now change the \(screen.title) screen only (x again: one pattern)"
            return [.announceMix(action: "mix on", note: "1-4 and Tab now change the \(screen.title.lowercased()) screen only")]
        }
        let others = ScreenID.allCases.filter { $0 != screen && state.patterns[$0] != shown }
        state.patterns.setAll(shown)
        state.notice = "mix off: every screen in \(shown.name); 1-4 and Tab change them all"
        let note = others.isEmpty ? "every screen in \(shown.name) already"
            : "\(others.map(\.title).joined(separator: ", ")) now in \(shown.name) too"
        return [.announceMix(action: "mix off", note: note)]
    }
}
