import AppComposition
import PatternVocabulary
import Shell
import Terminal
import Testing
import Tracing

/// The trace filter (`/`, `p`): which lines it keeps, and the pane and title with it applied.
@MainActor
@Suite("Trace filter", .hangWatchdog)
struct TraceFilterTests {
    private func event(_ role: Role, _ type: String, _ method: String = "run()", _ detail: String = "") -> TraceEvent {
        TraceEvent(sequence: 1, actionID: 1, pattern: "MVP", role: role, type: type, method: method, file: "F.swift",
                   line: 1, detail: detail, isAsync: false)
    }

    @Test("a role's name picks its lines; other words pick types, methods and text; - hides; p keeps the own roles")
    func rules() {
        let presenter = event(.presenter, "GreetingPresenter", "didTapShow()", "greeting Hello David Blaine")
        let network = event(.network, "APIManager<PersonAPI>", "land(_:_:)", "GET person.get → ok")
        let view = event(.view, "GreetingViewController", "showGreeting(_:)", "greeting ← Hello")
        let all = [presenter, network, view]
        #expect(all.filter(TraceFilter(text: "presenter").shows) == [presenter])
        #expect(all.filter(TraceFilter(text: "-network").shows) == [presenter, view])
        #expect(all.filter(TraceFilter(text: "greeting").shows) == [presenter, view], "types and text, any case")
        #expect(all.filter(TraceFilter(text: "view -greeting").shows) == [], "a - word hides what a plain word picked")
        #expect(all.filter(TraceFilter(text: "presenter view").shows) == [presenter, view], "any plain word")
        #expect(all.filter(TraceFilter(ownRolesOnly: true).shows) == [presenter, view])
        #expect(all.filter(TraceFilter().shows) == all)
        #expect(TraceFilter(text: "  -network  ").summary == "/ -network")
        #expect(TraceFilter(text: String(repeating: "x", count: 5_000)).text.count == 60, "a paste is cut, not kept whole")
    }

    @Test("/ presenter Enter: the pane keeps the presenter's lines and the title says how many are hidden")
    func typedFilter() async {
        let app = TestApp.session(size: Size(width: 120, height: 40), pattern: .mvp, screen: .listings)
        await app.settle()  // the first page's load: the network's lines are in the pane
        #expect(paneText(app).contains("⋯ rent.list page 1"), "before: the request is there, folded")
        app.press(.character("/"))
        app.type("presenter")
        #expect(app.text.contains("Trace · filter: presenter"), "the title shows the typing")
        app.press(.enter)
        let pane = paneText(app)
        #expect(pane.contains("Presenter ListingsPresenter"))
        #expect(!pane.contains("⋯ rent.list") && !pane.contains("View ListingsViewController"))
        #expect(app.text.contains("Trace · / presenter ·") && app.text.contains(" hidden"))
        // Esc while typing leaves the filter as it was; an empty filter shows everything again.
        app.press(.character("/"), .character("x"), .escape)
        #expect(app.text.contains("Trace · / presenter ·"))
        app.press(.character("/"))
        for _ in 0..<9 { app.press(.backspace) }
        app.press(.enter)
        #expect(paneText(app).contains("⋯ rent.list page 1"))
        #expect(!app.text.contains("hidden"))
    }

    @Test("p hides the shared layers' lines and shows them again")
    func ownRoles() async {
        let app = TestApp.session(size: Size(width: 120, height: 40), pattern: .viper, screen: .listings)
        await app.settle()
        #expect(paneText(app).contains("⋯ rent.list page 1"))
        app.press(.character("p"))
        #expect(app.text.contains("Trace · own roles ·"))
        #expect(!paneText(app).contains("⋯ rent.list"), "no folded request either: \(paneText(app))")
        app.press(.character("z"))  // the folds open: still nothing of the network
        #expect(!paneText(app).contains("Network APIManager") && !paneText(app).contains("Cache ResponseCache"), "\(paneText(app))")
        #expect(paneText(app).contains("Interactor"))
        app.press(.character("p"))
        #expect(!app.text.contains("own roles"))
    }

    @Test("Ctrl-C quits while a filter is typed")
    func controlCQuits() {
        let app = TestApp.session()
        app.press(.character("/"), .control("c"))
        #expect(app.shell.state.shouldQuit)
    }

    /// The trace pane's columns of the screen (right of the divider).
    private func paneText(_ app: HeadlessSession) -> String {
        app.text.split(separator: "\n").map { line in
            line.split(separator: "│", maxSplits: 1).dropFirst().first.map(String.init) ?? ""
        }.joined(separator: "\n")
    }
}
