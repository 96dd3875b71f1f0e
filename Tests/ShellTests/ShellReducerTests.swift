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
@Suite("Shell reducer")
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
        #expect((state.panel as? ComparePanel)?.columns == nil)
        _ = Self.reduce(&state, .replayed(token: 1, [column]), in: environment)
        #expect((state.panel as? ComparePanel)?.columns == [column])
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
        #expect(Self.reduce(&state, .key(.character("o")), in: environment) == [.network(.toggleOffline, key: .character("o"))])
        #expect(Self.reduce(&state, .key(.character("k")), in: environment)
            == [.network(.rearmFailure(.noNetwork), key: .character("k"))])
        #expect(Self.reduce(&state, .key(.character("r")), in: environment) == [.offerToModule(.character("r"))])
        var typing = environment
        typing.moduleHasTextFocus = true
        #expect(Self.reduce(&state, .key(.character("o")), in: typing) == [.offerToModule(.character("o"))])
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

    @Test("drawing changes nothing: two frames in a row leave the state as it was", arguments: [
        "", "c", "n", "s", "m", "?", "x",
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
