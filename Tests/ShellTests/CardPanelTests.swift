import CodeMetrics
import PatternVocabulary
import Terminal
import Testing
@testable import Shell

@MainActor
@Suite("Pattern card (i)", .hangWatchdog)
struct CardPanelTests {
    /// The screen with the card open, its body drawn over the fixed metrics report (`MetricsFixture`),
    /// so an edit to pattern code does not change the golden; header and key bar as `i` leaves them.
    static func fixtureCardScreen(_ session: HeadlessSession, keys: [Key] = []) -> String {
        let body = ShellLayout(size: session.screen.size).body
        var panel = CardPanel(report: MetricsFixture.report)
        let context = session.shell.environment.panelContext(.body, size: session.screen.size)
        let bodyScreen = MemoryScreen(size: body.size)
        let canvas = Canvas(screen: bodyScreen, bounds: Rect(origin: .zero, size: body.size))
        panel.draw(into: canvas, context: context)
        for key in keys {
            _ = panel.handle(key, in: context)
            bodyScreen.erase()
            panel.draw(into: canvas, context: context)
        }
        return (0..<session.screen.size.height).map { y in
            var line = body.minY <= y && y < body.maxY ? bodyScreen.row(y - body.minY) : session.screen.row(y)
            while line.last == " " { line.removeLast() }
            return line
        }.joined(separator: "\n")
    }

    @Test("i opens the card of the pattern on show; it follows 1-4; every figure is filled; i and Esc close")
    func opensInEveryPattern() async throws {
        let session = TestApp.session(size: Size(width: 120, height: 40))
        await session.settle()
        session.press(.character("i"))
        #expect(session.shell.state.panel?.card != nil)
        for (index, pattern) in PatternID.allCases.enumerated() {
            session.press(.character(Character(String(index + 1))))
            #expect(session.shell.state.pattern == pattern)
            #expect(session.shell.state.panel?.card != nil, "switching pattern keeps the card open")
            var seen = session.text
            for _ in 0..<4 {
                session.press(.pageDown)
                seen += session.text
            }
            #expect(session.panelTitle?.hasPrefix("\(pattern.name) · why and when") == true)
            #expect(seen.contains("The problem it solves") && seen.contains("What it costs") && seen.contains("When to pick it"))
            #expect(!seen.contains("{"), "\(pattern)'s card shows an unfilled figure")
            let codeLines = try #require(PatternCard.figure("code lines", of: pattern, in: .current))
            #expect(seen.contains("\(codeLines) lines"), "\(pattern)'s card quotes its measured code lines")
            session.press(.home)
        }
        session.press(.character("i"))
        #expect(session.shell.state.panel == nil)
        session.press(.character("i"))
        session.press(.escape)
        #expect(session.shell.state.panel == nil)
    }

    /// A left click on the header's tab that reads `label` (` 2 MVP `), at its first cell.
    private static func clickTab(_ label: String, in app: HeadlessSession, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let header = try #require(app.text.components(separatedBy: "\n").first, sourceLocation: sourceLocation)
        let range = try #require(header.range(of: label), "no tab \(label) in \(header)", sourceLocation: sourceLocation)
        let x = header.distance(from: header.startIndex, to: range.lowerBound)
        app.press(.mouse(MouseEvent(.press(.left), at: Point(x: x, y: 0))))
    }

    @Test("a click on the header's tab of the pattern on show opens and closes its card; another tab switches, card or not")
    func headerClick() async throws {
        let app = TestApp.session(size: Size(width: 120, height: 40))
        await app.settle()
        try Self.clickTab("3 MVVM", in: app)
        #expect(app.shell.state.pattern == .mvvm)
        #expect(app.shell.state.panel?.id == nil, "a click on another pattern switches, and opens no card")
        try Self.clickTab("3 MVVM", in: app)
        #expect(app.shell.state.panel?.card != nil, "a click on the pattern on show opens its card")
        #expect(app.panelTitle?.hasPrefix("MVVM · why and when") == true)
        #expect(app.text.contains("1-4 Tab another pattern"), "the card says how to see another pattern's card")
        try Self.clickTab("1 MVC", in: app)
        #expect(app.shell.state.pattern == .mvc && app.shell.state.panel?.card != nil, "another tab: the card follows")
        #expect(app.panelTitle?.hasPrefix("MVC · why and when") == true)
        try Self.clickTab("1 MVC", in: app)
        #expect(app.shell.state.panel?.id == nil, "a second click on the pattern on show closes the card")
        #expect(app.shell.state.pattern == .mvc)
    }

    @Test("in mix mode the pattern on show is the focused screen's: its tab opens the card, another screen's tab switches")
    func headerClickWhileMixing() async throws {
        let app = TestApp.session(size: Size(width: 120, height: 40))
        await app.settle()
        app.press(.character("x"), .character("2"), .character("l"), .character("4"))  // greeting MVP, listings VIPER
        await app.settle()
        try Self.clickTab("2 MVP", in: app)
        #expect(app.shell.state.panel?.id == nil, "the greeting's pattern is not the one on show: the click switches")
        #expect(app.shell.state.patterns[.listings] == .mvp && app.shell.state.patterns[.greeting] == .mvp)
        app.press(.character("4"))
        await app.settle()
        try Self.clickTab("4 VIPER", in: app)
        #expect(app.shell.state.panel?.card != nil && app.panelTitle?.hasPrefix("VIPER · why and when") == true)
        #expect(app.shell.state.patterns[.listings] == .viper && app.shell.state.patterns[.greeting] == .mvp)
    }

    @Test("the card's key line keeps 1-4 where the long one does not fit")
    func shortKeyLine() async throws {
        let app = TestApp.session(size: Size(width: 64, height: 24))
        await app.settle()
        app.press(.character("i"))
        #expect(app.text.contains("1-4 pattern"), "\(app.text)")
    }

    @Test("i is a shell key, in the help with a sentence, free of every other shell binding")
    func keymap() {
        let bindings = Keymap.bindings.filter { $0.scope == .shell && $0.commands[.character("i")] != nil }
        #expect(bindings.count == 1 && bindings.first?.help.isEmpty == false)
        #expect(Keymap.command(for: .character("i")) == .togglePanel(.card))
        #expect(Keymap.command(for: .character("i"), in: .card) == .close)
    }

    @Test("golden: the MVP card at 80×24 and 120×40, over the fixed report")
    func cardGolden() async throws {
        for (size, name) in [(Size(width: 80, height: 24), "card-80x24"), (Size(width: 120, height: 40), "card-120x40")] {
            let session = TestApp.session(size: size, pattern: .mvp)
            await session.settle()
            session.press(.character("i"))
            session.shell.renderIfNeeded()
            let screen = Self.fixtureCardScreen(session)
            #expect(!screen.contains("{"), "every figure of the card resolves over the fixture")
            Golden.assert(screen, matches: name)
        }
    }
}
