import AppComposition
import Clocks
import FakeServer
import Networking
import Mediator
import Model
import MVC
import Terminal
import Testing
import Tracing
import Widgets
@testable import Shell

@MainActor
@Suite("Shell", .hangWatchdog)
struct ShellTests {
    @Test("starts on the MVC greeting with the names from the shared model")
    func startScreen() {
        let app = TestApp.session()
        #expect(app.text.contains(" 1 MVC "))
        #expect(app.text.contains("MVC · Greeting"))
        #expect(app.text.contains("David"))
        #expect(app.text.contains("Blaine"))
        #expect(app.text.contains("[ Show greeting ]"))
        #expect(app.shell.state.pattern == .mvc)
    }

    @Test("Enter on the button greets, and the trace tells the MVC story")
    func greet() throws {
        let app = TestApp.session()
        app.press(.enter)
        #expect(app.text.contains("Hello David Blaine"))
        let entry = try #require(app.traceBuffer.entries.last)
        #expect(entry.action.label == "Enter on [Show greeting]")
        let roles = entry.events.map(\.role)
        #expect(roles.first == .view)
        #expect(roles.contains(.controller))
        #expect(roles.last == .view)
        #expect(app.text.contains("▸ Enter on [Show greeting]"))
    }

    @Test("empty names show the validation message instead of a greeting")
    func validation() {
        let state = AppState(person: Person(id: "nobody", firstName: "", lastName: "Blaine"))
        let app = TestApp.session(appState: state)
        app.press(.enter)
        #expect(app.text.contains("Please enter a first and a last name."))
        #expect(!app.text.contains("Hello"))
    }

    @Test("edits go into the shared model, so they outlive the module")
    func editsReachModel() {
        let state = AppState()
        let app = TestApp.session(appState: state)
        app.press(.up, .up)  // from the button to the first-name field
        app.press(.end, .backspace, .backspace, .backspace, .backspace, .backspace)
        app.type("Ann")
        #expect(state.person.firstName == "Ann")
        app.press(.down, .down, .enter)
        #expect(app.text.contains("Hello Ann Blaine"))
    }

    @Test("typing q in a text field types it; Ctrl-C still quits")
    func keysInTextField() {
        let app = TestApp.session()
        app.press(.up, .up)
        app.type("q")
        #expect(app.shell.state.shouldQuit == false)
        #expect(app.text.contains("Davidq"))
        app.press(.control("c"))
        #expect(app.shell.state.shouldQuit)
    }

    @Test("q quits when no field has focus")
    func quit() {
        let app = TestApp.session()
        app.press(.character("q"))
        #expect(app.shell.state.shouldQuit)
    }

    @Test("a tab whose module does not exist is refused with a notice")
    func unavailableTab() {
        let app = TestApp.session(patterns: [MVCPattern.self])
        app.press(.character("2"))
        #expect(app.shell.state.pattern == .mvc)
        #expect(app.text.contains("MVP has no greeting screen yet"))
        app.press(.character("?"))  // any key clears the notice
        #expect(!app.text.contains("MVP has no greeting screen yet"))
    }

    @Test("? shows every key of the key map and the pattern's roles; Esc closes it")
    func help() {
        let app = TestApp.session(size: Size(width: 120, height: 40))
        app.press(.character("?"))
        #expect(app.shell.state.isHelpVisible)
        // What a user reads, scrolling with ↓ as the help's border says, until nothing is left below.
        var read = app.text
        for _ in 0..<40 where app.text.contains("more · ↑↓ scroll") {
            app.press(.down)
            read += app.text
        }
        for binding in Keymap.bindings(in: .shell) + Keymap.bindings(in: .module) {
            #expect(read.contains(binding.help))
        }
        for duty in MVCPattern.roles {
            #expect(read.contains(duty.typeName))
        }
        app.press(.escape)
        #expect(!app.shell.state.isHelpVisible)
    }

    @Test("at 80×24 the help scrolls: every key is reached with ↓, the border counts what is left")
    func helpScrolls() {
        let app = TestApp.session(size: Size(width: 80, height: 24))
        app.press(.character("?"))
        #expect(app.text.contains("more · ↑↓ scroll"), "the border says the help goes on")
        #expect(!app.text.contains("mvx — every key"))
        app.press(.end)
        #expect(app.shell.state.isHelpVisible, "scrolling keys keep the help open")
        #expect(app.text.contains("words mvx uses") && app.text.contains("Esc or ? closes this help"))
        #expect(!app.text.contains("more · ↑↓ scroll"))
        app.press(.home)
        #expect(app.text.contains("mvx — keys that teach"))
        app.press(.escape)
        #expect(!app.shell.state.isHelpVisible)
        app.press(.character("?"))
        #expect(app.text.contains("mvx — keys that teach"), "opened again, it starts at the top")
    }

    @Test("the key bar is generated from the key map: wide enough, every labelled key")
    func keyBar() {
        let app = TestApp.session(size: Size(width: 180, height: 40))
        let bottom = app.text.split(separator: "\n", omittingEmptySubsequences: false).last.map(String.init) ?? ""
        for binding in Keymap.bindings where binding.scope == .shell || binding.scope == .module {
            if let label = binding.label { #expect(bottom.contains("\(binding.keys) \(label)")) }
        }
    }

    @Test("below the minimum size a clear message; back to normal when it grows")
    func tooSmall() {
        let app = TestApp.session()
        app.resize(to: Size(width: 30, height: 8))
        #expect(app.text.contains("terminal too small"))
        #expect(app.text.contains("(30×8,"))
        #expect(app.text.contains("needs 64×16)"))
        app.resize(to: Size(width: 80, height: 24))
        #expect(app.text.contains("MVC · Greeting"))
        #expect(!app.text.contains("too small"))
    }

    @Test("strange sizes never crash", arguments: [
        Size(width: 0, height: 0), Size(width: 1, height: 1), Size(width: 500, height: 3), Size(width: 3, height: 300),
        Size(width: 64, height: 16), Size(width: 63, height: 16),
    ])
    func strangeSizes(size: Size) {
        let app = TestApp.session(size: size)
        app.press(.enter, .down, .character("?"), .escape)
        #expect(app.screen.size == size)
    }

    @Test("names are sanitised: an escape sequence in a name is shown, not obeyed")
    func hostileName() {
        let state = AppState(person: Person(id: "x", firstName: "Eve\u{1B}[2J", lastName: "张伟"))
        let app = TestApp.session(appState: state)
        app.press(.enter)
        #expect(app.text.contains("Hello Eve␛[2J 张伟"))
    }

    @Test("CJK names keep the form aligned")
    func cjkAlignment() throws {
        let state = AppState(person: Person(id: "x", firstName: "张伟", lastName: "王"))
        let app = TestApp.session(appState: state)
        let rows = app.text.split(separator: "\n").map(String.init)
        let first = try #require(rows.first { $0.contains("张伟") })
        let last = try #require(rows.first { $0.contains("王") && $0.contains("Last name") })
        // The divider of the trace pane sits in the same display column on both rows.
        #expect(DisplayWidth.of(first.prefix { $0 != "│" }) == DisplayWidth.of(last.prefix { $0 != "│" }))
    }

    @Test("stopping tears the module down: its view controllers are released")
    func teardown() {
        let app = TestApp.session()
        weak let module = app.shell.activeModule
        weak let root = app.shell.activeModule?.rootViewController
        #expect(module != nil)
        app.shell.stop()
        #expect(module == nil)
        #expect(root == nil)
    }

    @Test("many frame requests in one turn draw exactly one frame", .timeLimit(.minutes(1)))
    func coalescing() async {
        let screen = SignallingScreen(size: Size(width: 80, height: 24))
        let registry = AppAssembly.patternRegistry()
        let buffer = TraceBuffer()
        let network = TestApp.network(clock: InstantClock())
        let shell = AppShell(
            registry: registry, context: ModuleContext(appState: AppState(), network: network),
            tracer: Tracer(sinks: [buffer]), traceBuffer: buffer, screen: screen, pattern: .mvc, screenID: .greeting)
        shell.start()
        // The greeting's person load lands and its frame is drawn first, so only the requests below count.
        await network.settle()
        shell.setNeedsFrame()
        await screen.untilPresented(count: screen.presentCount + 1)
        let before = shell.frameCount
        let presented = screen.presentCount
        for _ in 0..<10 { shell.setNeedsFrame() }
        // Wait for the frame's event. Had the requests not been coalesced, every frame task would
        // have been queued in this same turn, ahead of this wait's wake-up: all of them are drawn by then.
        await screen.untilPresented(count: presented + 1)
        #expect(shell.frameCount - before == 1)
    }

    @Test("the trace pane scrolls with [ and ]")
    func traceScroll() {
        let app = TestApp.session(size: Size(width: 80, height: 16))
        for _ in 0..<6 { app.press(.enter) }
        #expect(app.text.contains("Trace · [ earlier"), "the title says there is more above the page")
        // The live page has free rows below its last line: scrolled past them, lines go below.
        app.press(.character("["), .character("["))
        #expect(app.text.contains("more"))
        #expect(app.text.contains("Trace · ] newest"), "scrolled back, the title says how to return")
        app.press(.character("]"), .character("]"))
        #expect(!app.text.contains("more "))
        #expect(app.text.contains("Trace · [ earlier"))
    }
}

@MainActor
@Suite("Golden screens", .hangWatchdog)
struct GoldenScreenTests {
    @Test("MVC greeting at 80×24, at start and after greeting")
    func greeting80() async {
        let app = TestApp.session()
        await app.settle()  // the module is built and drawn
        Golden.assert(app.text, matches: "mvc-greeting-80x24")
        app.press(.enter)
        Golden.assert(app.text, matches: "mvc-greeting-greeted-80x24")
    }

    @Test("MVC greeting at 120×40 with the help overlay")
    func greeting120() async {
        let app = TestApp.session(size: Size(width: 120, height: 40))
        await app.settle()
        Golden.assert(app.text, matches: "mvc-greeting-120x40")
        app.press(.character("?"))
        Golden.assert(app.text, matches: "help-120x40")
    }

    @Test("MVP listings at 100×30: the first page, then a listing's detail")
    func listings100() async {
        let app = TestApp.session(size: Size(width: 100, height: 30), pattern: .mvp, screen: .listings)
        await app.settle()
        Golden.assert(app.text, matches: "mvp-listings-100x30")
        app.press(.down, .enter)
        await app.settle()
        Golden.assert(app.text, matches: "mvp-listing-detail-100x30")
    }

    @Test("VIPER listings at 100×30 while the first page is still loading, and offline")
    func listingsLoadingAndOffline() async {
        var scenario = Scenario.instant
        scenario.offline = true
        let registry = AppAssembly.patternRegistry()
        let app = HeadlessSession(
            registry: registry,
            context: ModuleContext(appState: AppState(), network: TestApp.network(clock: InstantClock(), scenario: scenario)),
            size: Size(width: 100, height: 30), pattern: .viper, screen: .listings)
        Golden.assert(app.text, matches: "viper-listings-loading-100x30")
        await app.settle()
        Golden.assert(app.text, matches: "viper-listings-offline-100x30")
    }

    @Test("too small at 30×8")
    func tooSmall() {
        let app = TestApp.session(size: Size(width: 30, height: 8))
        Golden.assert(app.text, matches: "too-small-30x8")
    }
}
