import AppComposition
import Clocks
import Mediator
import MVC
import MVP
import PatternVocabulary
import Terminal
import Testing
import Tracing
@testable import Shell

/// The reducer on its own: a key in, the state and the effects out. No screen, no module, no
/// runtime: the shell's decisions are plain values.
@MainActor
@Suite("Shell reducer", .hangWatchdog)
struct ShellReducerTests {
    static let size = Size(width: 100, height: 30)

    static func environment(patterns: [any PatternModules.Type] = TestApp.allPatterns, canReplay: Bool = true)
        -> ShellEnvironment {
        let registry = AppAssembly.patternRegistry(patterns)
        return ShellEnvironment(registry: registry, canReplay: canReplay, trace: TraceBuffer(),
                                network: TestApp.network(clock: ImmediateClock()))
    }

    static func state(_ pattern: PatternID = .mvc, _ screen: ScreenID = .greeting) -> ShellState {
        ShellState(size: size, pattern: pattern, screen: screen)
    }

    /// Reduces `events` in turn and returns every effect they asked for.
    static func reduce(_ state: inout ShellState, _ events: ShellEvent..., in environment: ShellEnvironment)
        -> [ShellEffect] {
        events.flatMap { ShellReducer.reduce(&state, $0, in: environment) }
    }

    @Test("start builds the module on show as an action of its own")
    func start() {
        var state = Self.state(.mvp, .listings)
        let effects = Self.reduce(&state, .start, in: Self.environment())
        #expect(effects == [.buildModule(action: "start: MVP Listings")])
        #expect(state.pattern == .mvp && state.screen == .listings)
    }

    @Test("a key goes to the module first; a shell key it does not use becomes a switch")
    func keyToModuleThenShell() {
        let environment = Self.environment()
        var state = Self.state()
        #expect(Self.reduce(&state, .key(.character("2")), in: environment) == [.offerToModule(.character("2"))])
        #expect(state.pattern == .mvc, "nothing changes before the module answers")

        let effects = Self.reduce(&state, .moduleAnswered(.character("2"), consumed: false), in: environment)
        #expect(effects == [.switchModule(action: "switch to MVP Greeting", note: "tear down MVC Greeting, build MVP Greeting")])
        #expect(state.pattern == .mvp && state.patterns[.listings] == .mvp && state.keysOnScreen.isEmpty)
    }

    @Test("a key the module used is remembered for compare's replay and goes no further")
    func consumedKeys() {
        let environment = Self.environment()
        var state = Self.state()
        #expect(Self.reduce(&state, .moduleAnswered(.character("a"), consumed: true), in: environment).isEmpty)
        #expect(Self.reduce(&state, .moduleAnswered(.down, consumed: false), in: environment).isEmpty)
        #expect(Self.reduce(&state, .moduleAnswered(.character("q"), consumed: false), in: environment).isEmpty)
        #expect(state.keysOnScreen == [.character("a"), .down], "q is the shell's: not the screen's")
        #expect(state.shouldQuit)
    }

    @Test("Tab and Ctrl-C never reach the module")
    func globalKeys() {
        let environment = Self.environment()
        var state = Self.state()
        #expect(Self.reduce(&state, .key(.tab), in: environment)
            == [.switchModule(action: "switch to MVP Greeting", note: "tear down MVC Greeting, build MVP Greeting")])
        #expect(Self.reduce(&state, .key(.control("c")), in: environment).isEmpty)
        #expect(state.shouldQuit)
    }

    @Test("a pattern without the screen: a notice, no switch")
    func unavailable() {
        let environment = Self.environment(patterns: [MVCPattern.self, GreetingOnlyMVP.self])
        var state = Self.state(.mvc, .listings)
        #expect(Self.reduce(&state, .moduleAnswered(.character("2"), consumed: false), in: environment).isEmpty)
        #expect(state.notice == "MVP has no listings screen yet" && state.pattern == .mvc)
        #expect(Self.reduce(&state, .key(.character("z")), in: environment) == [.offerToModule(.character("z"))])
        #expect(state.notice == nil, "a notice lasts one key")
    }

    @Test("mix mode: 1-4 change the screen on show only; leaving it puts every screen in its pattern")
    func mix() {
        let environment = Self.environment()
        var state = Self.state()
        #expect(Self.reduce(&state, .moduleAnswered(.character("x"), consumed: false), in: environment)
            == [.announceMix(action: "mix on", note: "1-4 and Tab now change the greeting screen only")])
        _ = Self.reduce(&state, .moduleAnswered(.character("4"), consumed: false), in: environment)
        #expect(state.patterns[.greeting] == .viper && state.patterns[.listings] == .mvc)
        let effects = Self.reduce(&state, .moduleAnswered(.character("l"), consumed: false), in: environment)
        #expect(effects == [.switchModule(action: "switch to MVC Listings", note: "tear down VIPER Greeting, build MVC Listings")])
        #expect(Self.reduce(&state, .moduleAnswered(.character("x"), consumed: false), in: environment)
            == [.announceMix(action: "mix off", note: "Greeting now in MVC too")])
        #expect(!state.isMixing && !state.patterns.isMixed)
    }

    @Test("help takes every key: scroll keys move it, q quits, anything else closes it")
    func help() {
        let environment = Self.environment()
        var state = ShellState(size: Size(width: 80, height: 24), pattern: .viper, screen: .greeting)
        _ = Self.reduce(&state, .moduleAnswered(.character("?"), consumed: false), in: environment)
        #expect(state.help == ScrollPosition())
        #expect(Self.reduce(&state, .key(.down), in: environment).isEmpty)
        #expect(state.help?.offset == 1, "at 80×24 VIPER's help is taller than the screen")
        #expect(Self.reduce(&state, .key(.character("2")), in: environment).isEmpty)
        #expect(state.help == nil && state.pattern == .viper, "the key closed the help and did nothing else")
        _ = Self.reduce(&state, .moduleAnswered(.character("?"), consumed: false), in: environment)
        _ = Self.reduce(&state, .key(.character("q")), in: environment)
        #expect(state.shouldQuit)
    }

    @Test("compare opens with a replay effect; its answer fills it; a stale answer is dropped")
    func compare() throws {
        let environment = Self.environment()
        var state = Self.state()
        _ = Self.reduce(&state, .moduleAnswered(.character("a"), consumed: true), in: environment)
        let effects = Self.reduce(&state, .moduleAnswered(.character("c"), consumed: false), in: environment)
        #expect(effects == [.replay(keys: [.character("a")], screen: .greeting, size: Self.size, token: 1)])
        let column = ComparedAction(pattern: .mvc, entry: nil, counts: ActionCounts(events: []), verdict: "", failure: nil)
        _ = Self.reduce(&state, .replayed(token: 7, [column]), in: environment)
        #expect(state.panel?.compare?.columns == nil)
        _ = Self.reduce(&state, .replayed(token: 1, [column]), in: environment)
        #expect(state.panel?.compare?.columns == [column])
        // A body panel hides the module: an unknown key stops there, Esc closes it.
        #expect(Self.reduce(&state, .key(.character("z")), in: environment).isEmpty)
        #expect(Self.reduce(&state, .key(.escape), in: environment).isEmpty && state.panel == nil)
        // Without a replayer, compare says so and asks for nothing.
        let effectsWithout = Self.reduce(&state, .moduleAnswered(.character("c"), consumed: false),
                                         in: Self.environment(canReplay: false))
        #expect(effectsWithout.isEmpty && state.panel?.id == .compare)
    }

    @Test("the network inspector answers its keys with network effects and passes the rest to the module")
    func networkKeys() {
        let environment = Self.environment()
        var state = Self.state(.mvc, .listings)
        _ = Self.reduce(&state, .moduleAnswered(.character("n"), consumed: false), in: environment)
        #expect(Self.reduce(&state, .key(.character("a")), in: environment) == [.network(.toggleOffline, key: .character("a"))])
        #expect(Self.reduce(&state, .key(.character("t")), in: environment) == [.offerToModule(.character("t"))],
                "t is not the inspector's: the module and then the shell (timeline) get it, as everywhere")
        #expect(Self.reduce(&state, .key(.character("k")), in: environment)
            == [.network(.rearmFailure(.noNetwork), key: .character("k"))])
        #expect(Self.reduce(&state, .key(.character("r")), in: environment) == [.offerToModule(.character("r"))])
        var typing = environment
        typing.moduleHasTextFocus = true
        #expect(Self.reduce(&state, .key(.character("a")), in: typing) == [.offerToModule(.character("a"))])
        #expect(Self.reduce(&state, .key(.character("n")), in: environment).isEmpty && state.panel == nil)
    }

    @Test("[ scrolls the trace no further than it has lines")
    func traceScroll() {
        let environment = Self.environment()
        var state = Self.state()
        _ = Self.reduce(&state, .moduleAnswered(.character("["), consumed: false), in: environment)
        #expect(state.traceScroll == 0, "an empty trace does not scroll")
        environment.trace.begin(TraceAction(id: 1, label: "one", pattern: "MVC"))
        for sequence in 1...40 {
            environment.trace.record(TraceEvent(sequence: UInt64(sequence), actionID: 1, pattern: "MVC", role: .view,
                                                type: "Label", method: "text", file: "Widgets/Label.swift", line: 1,
                                                detail: ""))
        }
        _ = Self.reduce(&state, .moduleAnswered(.character("["), consumed: false), in: environment)
        #expect(state.traceScroll == 5)
        for _ in 0..<5 { _ = Self.reduce(&state, .moduleAnswered(.character("["), consumed: false), in: environment) }
        #expect(state.traceScroll == 41 - 27, "41 lines in a pane of 27")
    }

    @Test("the trace filter counts in the state's ==: a filter typed, applied or toggled is a different state")
    func traceFilterInEquality() {
        let before = Self.state()
        var ownRoles = before
        ownRoles.traceFilter.ownRolesOnly = true
        #expect(ownRoles != before)
        var typed = before
        typed.traceFilter.setText("presenter -network")
        #expect(typed != before)
        var drafting = before
        drafting.traceFilterDraft = "pres"
        #expect(drafting != before)
        // Through the reducer: `p` changes only the filter (the trace is empty, so nothing scrolls).
        var pressed = before
        _ = Self.reduce(&pressed, .moduleAnswered(.character("p"), consumed: false), in: Self.environment())
        #expect(pressed != before && pressed.traceFilter.ownRolesOnly)
    }

    /// Events that take the state through help, every panel, the trace filter, the mouse and a
    /// resize: a wide sweep for the purity check below.
    static let sweep: [ShellEvent] = [
        .start, .frameWillDraw, .key(.character("a")), .moduleAnswered(.character("a"), consumed: true),
        .moduleAnswered(.character("p"), consumed: false), .moduleAnswered(.character("/"), consumed: false),
        .key(.character("v")), .key(.character("i")), .key(.backspace), .key(.enter), .frameWillDraw,
        .moduleAnswered(.character("["), consumed: false), .moduleAnswered(.character("?"), consumed: false), .key(.down),
        .key(.escape), .moduleAnswered(.character("c"), consumed: false), .replayed(token: 1, []), .key(.down),
        .key(.escape), .moduleAnswered(.character("n"), consumed: false), .key(.character("k")), .key(.character("<")),
        .key(.character("a")), .key(.character("n")), .moduleAnswered(.character("s"), consumed: false), .key(.up),
        .key(.character("]")), .key(.character("s")), .moduleAnswered(.character("m"), consumed: false),
        .key(.pageDown), .key(.character("m")), .moduleAnswered(.character("t"), consumed: false), .key(.up),
        .key(.character("t")), .moduleAnswered(.character("o"), consumed: false), .key(.tab),
        .ownershipCaptured(token: 1, []), .frameWillDraw, .key(.character("o")),
        .key(.mouse(MouseEvent(.wheelUp, at: Point(x: 90, y: 10)))), .key(.mouse(MouseEvent(.press(.left), at: Point(x: 3, y: 0)))),
        .resize(Size(width: 80, height: 24)), .moduleAnswered(.character("x"), consumed: false),
        .moduleAnswered(.character("2"), consumed: false), .notice("saved"), .rewinding, .replayKey(.enter),
        .rewound(action: 1), .key(.escape), .terminate,
    ]

    @Test("the reducer is a function: the same state and event give the same state and effects, and what it reads is left as it was")
    func reducerIsPure() async {
        let session = TestApp.session(size: Self.size, pattern: .mvp, screen: .listings)
        session.shell.replayer = TestApp.replayRunner()
        await session.settle()
        session.press(.down, .enter)  // a trace, a journal and a timeline to read
        await session.settle()
        let environment = session.shell.environment
        let network = environment.network
        var state = session.shell.state
        var panels: Set<PanelID> = []
        for event in Self.sweep {
            let trace = environment.trace.entries, journal = network.journal.records
            let scenario = network.scenario?.current, timeline = environment.timeline.actions
            var again = state
            let effects = ShellReducer.reduce(&state, event, in: environment)
            #expect(ShellReducer.reduce(&again, event, in: environment) == effects && again == state, "\(event)")
            #expect(environment.trace.entries == trace && network.journal.records == journal, "\(event) changed the trace or the journal")
            #expect(network.scenario?.current == scenario && environment.timeline.actions == timeline, "\(event)")
            if let panel = state.panel { panels.insert(panel.id) }
        }
        #expect(panels == [.compare, .network, .source, .metrics, .timeline, .ownership], "the sweep opened every panel")
    }

    /// The objects held anywhere in `value`, by their path: none, in a value that is only values.
    static func objects(in value: Any, at path: String = "state") -> [String] {
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .class { return ["\(path): \(type(of: value))"] }
        return mirror.children.enumerated().flatMap { index, child in
            objects(in: child.value, at: path + "." + (child.label ?? String(index)))
        }
    }

    @Test("the search for objects finds one however deep it sits")
    func findsObjects() {
        final class Live {}
        struct Holder { var panels: [String: [Live?]] }
        #expect(Self.objects(in: Holder(panels: ["x": [nil, Live()]])).count == 1)
        #expect(Self.objects(in: Self.state()).isEmpty)
    }

    @Test("the shell's state holds values only, with each panel open in turn and its answers in it")
    func stateHoldsNoObject() async {
        let session = TestApp.session(size: Size(width: 120, height: 40), pattern: .mvp, screen: .listings)
        session.shell.replayer = TestApp.replayRunner()
        await session.settle()
        session.press(.down, .enter)
        let panels: KeyValuePairs<Character, PanelID> = [
            "c": .compare, "n": .network, "s": .source, "m": .metrics, "t": .timeline, "o": .ownership,
        ]
        for (key, id) in panels {
            session.press(.character(key))
            if id == .ownership { session.press(.tab) }  // the graphs of every pattern too
            await session.shell.replayed()
            await session.ownership.capturedEveryPattern()
            session.shell.render()  // ownership takes its graph before the frame
            #expect(session.shell.state.panel?.id == id)
            #expect(Self.objects(in: session.shell.state).isEmpty, "\(Self.objects(in: session.shell.state))")
            session.press(.character(key))
        }
    }

    @Test("drawing changes nothing: two frames in a row leave the state as it was", arguments: [
        "", "c", "n", "s", "m", "?", "x", "p", "/",
    ])
    func drawingIsPure(key: String) async {
        let session = TestApp.session(size: Size(width: 120, height: 40), pattern: .mvp, screen: .listings)
        session.shell.replayer = TestApp.replayRunner()
        await session.settle()
        session.press(.down, .up)
        if let key = key.first { session.press(.character(key)) }
        await session.shell.replayed()
        let before = session.shell.state
        session.shell.render()
        let first = session.text
        session.shell.render()
        #expect(session.shell.state == before)
        #expect(session.text == first)
    }
}

/// MVP with its greeting only, for the reducer's answer to a screen a pattern has not got.
@MainActor
enum GreetingOnlyMVP: PatternModules {
    static let pattern = PatternID.mvp
    static let roles: [RoleDuty] = []
    static var builders: [ScreenID: ModuleBuilder] { MVPPattern.builders.filter { $0.key == .greeting } }
}
