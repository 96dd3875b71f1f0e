import Mediator
import PatternVocabulary
import Terminal
import Testing
import Tracing
@testable import Shell

/// The mouse in the shell (issue 12 §4): the shell hit-tests its own chrome — the tabs, the trace
/// pane, a panel, the help — and hands clicks on the module to the module's window, where a click
/// takes the same path through the pattern's code as the key it stands for.
@MainActor
@Suite("Mouse", .hangWatchdog)
struct MouseTests {
    /// The cell where `text` starts on screen (ASCII rows, so characters are cells).
    private func cell(of text: String, in app: HeadlessSession, from column: Int = 0) throws -> Point {
        for (y, line) in app.text.components(separatedBy: "\n").enumerated() {
            let characters = Array(line)
            guard characters.count > column else { continue }
            let tail = String(characters[column...])
            if let range = tail.range(of: text) {
                return Point(x: column + tail.distance(from: tail.startIndex, to: range.lowerBound), y: y)
            }
        }
        throw Missing(text: text)
    }

    private struct Missing: Error { var text: String }

    private func click(_ app: HeadlessSession, at point: Point) {
        app.press(.mouse(MouseEvent(.press(.left), at: point)))
    }

    /// A session whose clock stands still unless the test moves it: two clicks on one cell are a
    /// double click, so single clicks are spaced a second apart.
    private func session(screen: ScreenID = .greeting, pattern: PatternID = .mvc) -> (HeadlessSession, Clock) {
        let app = TestApp.session(pattern: pattern, screen: screen)
        let clock = Clock()
        app.shell.host.now = { clock.now }
        return (app, clock)
    }

    @MainActor
    private final class Clock {
        var now = ContinuousClock.now
        func advance() { now += .seconds(1) }
    }

    @Test("a click on a pattern tab or a screen tab switches, as its key does")
    func tabs() throws {
        let (app, _) = session()
        click(app, at: try cell(of: "2 MVP", in: app))
        #expect(app.shell.state.pattern == .mvp)
        #expect(app.text.contains("MVP · Greeting"))
        click(app, at: try cell(of: "Listings", in: app))
        #expect(app.shell.state.screen == .listings)
        // The app's name and the separators are no tab.
        click(app, at: Point(x: 1, y: 0))
        #expect(app.shell.state.pattern == .mvp && app.shell.state.screen == .listings)
    }

    @Test("a click on the button greets through the same path as Enter", arguments: PatternID.allCases)
    func button(pattern: PatternID) async throws {
        let (clicked, _) = session(pattern: pattern)
        await clicked.settle()
        let button = try cell(of: "[ Show greeting ]", in: clicked)
        click(clicked, at: Point(x: button.x + 2, y: button.y))
        #expect(clicked.text.contains("Hello David Blaine"))
        let click = try #require(clicked.traceBuffer.entries.last)
        #expect(click.action.label == "Click \(button.x + 2),\(button.y) on [Show greeting]")

        let (pressed, _) = session(pattern: pattern)
        await pressed.settle()
        pressed.press(.enter)
        let enter = try #require(pressed.traceBuffer.entries.last)
        // The pattern's own story is the keyboard's, call for call.
        #expect(click.events.map(\.role) == enter.events.map(\.role))
        #expect(click.events.map { "\($0.type).\($0.method)" } == enter.events.map { "\($0.type).\($0.method)" })
    }

    @Test("a click in a text field focuses it, so letters are typed there")
    func textField() throws {
        let (app, _) = session()
        click(app, at: try cell(of: "David", in: app))
        #expect(app.shell.environment.moduleHasTextFocus)
        app.type("q")
        #expect(!app.shell.state.shouldQuit)
        #expect(app.text.contains("Davidq"))
    }

    @Test("a click selects a row, a double click opens it", arguments: PatternID.allCases)
    func rows(pattern: PatternID) async throws {
        let (app, clock) = session(screen: .listings, pattern: pattern)
        await app.settle()
        let row = try cell(of: "Sunshine Garden", in: app)
        click(app, at: row)
        #expect(app.text.contains("▸ Sunshine Garden"))
        #expect(app.text.contains("[Rent]| New homes"))
        clock.advance()
        click(app, at: row)  // a second single click: still only selected
        click(app, at: row)  // …and a third at once: a double click
        await app.settle()
        #expect(app.text.contains("Sunshine Garden Block E"))
        #expect(!app.text.contains("[Rent]| New homes"))  // the detail replaced the list
    }

    @Test("the wheel over the trace pane scrolls it as [ and ] do")
    func traceWheel() throws {
        let (app, clock) = session()
        for _ in 0..<6 { app.press(.enter) }
        let trace = try cell(of: "Trace", in: app)
        let over = Point(x: trace.x + 2, y: 10)
        app.press(.mouse(MouseEvent(.wheelUp, at: over)))
        #expect(app.shell.state.traceScroll == 5)
        app.press(.mouse(MouseEvent(.wheelDown, at: over)))
        #expect(app.shell.state.traceScroll == 0)
        // Over the module, the wheel is the module's: the trace pane stays.
        clock.advance()
        app.press(.mouse(MouseEvent(.wheelUp, at: Point(x: 2, y: 10))))
        #expect(app.shell.state.traceScroll == 0)
    }

    @Test("the wheel over a panel scrolls it as ↑↓ do")
    func panelWheel() throws {
        let (wheeled, _) = session()
        wheeled.press(.character("m"))
        let (keyed, _) = session()
        keyed.press(.character("m"))
        for _ in 0..<3 {
            wheeled.press(.mouse(MouseEvent(.wheelDown, at: Point(x: 10, y: 10))))
            keyed.press(.down)
        }
        #expect(wheeled.text == keyed.text)
        let before = keyed.text
        keyed.press(.down)
        #expect(keyed.text != before)  // the panel had further to go: the comparison could fail
    }

    @Test("with the help open, a click closes it and the wheel scrolls it")
    func help() {
        let (app, _) = session()
        app.press(.character("?"))
        app.press(.mouse(MouseEvent(.wheelDown, at: Point(x: 10, y: 10))))
        #expect(app.shell.state.help != nil)
        app.press(.mouse(MouseEvent(.press(.left), at: Point(x: 10, y: 10))))
        #expect(app.shell.state.help == nil)
    }
}
