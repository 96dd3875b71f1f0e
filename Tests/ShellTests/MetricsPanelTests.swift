import CodeMetrics
import Mediator
import PatternVocabulary
import SourceCatalog
import Terminal
import Testing
@testable import Shell

@MainActor
@Suite("Metrics (m)", .hangWatchdog)
struct MetricsPanelTests {
    /// Presses `m` on a settled session and returns the open panel.
    static func openMetrics(_ session: HeadlessSession) throws -> MetricsPanel {
        session.press(.character("m"))
        let panel = try #require(session.shell.state.panel?.metrics)
        session.shell.renderIfNeeded()
        return panel
    }

    /// The fixed report the goldens show (see `MetricsFixture`).
    static let fixtureReport = MetricsFixture.report

    /// The screen with the metrics panel open, its body drawn from the fixed report: the shell's
    /// header and key bar as `m` leaves them, around the panel as it lays out `fixtureReport`. (The
    /// shell makes its panel over the live report, which every edit to pattern code changes.)
    static func fixturePanelScreen(_ session: HeadlessSession, keys: [Key] = []) -> String {
        let body = ShellLayout(size: session.screen.size).body
        var panel = MetricsPanel(report: fixtureReport)
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

    @Test("golden: the metrics panel at 120×40, top and scrolled to the criteria")
    func panel120MatchesGolden() async throws {
        let session = TestApp.session(size: Size(width: 120, height: 40), pattern: .mvp)
        await session.settle()
        _ = try Self.openMetrics(session)
        Golden.assert(Self.fixturePanelScreen(session), matches: "metrics-120x40")
        Golden.assert(Self.fixturePanelScreen(session, keys: [.end]), matches: "metrics-end-120x40")
    }

    @Test("golden: the metrics panel at 80×24, with the scroll position")
    func panel80MatchesGolden() async throws {
        let session = TestApp.session(size: Size(width: 80, height: 24))
        await session.settle()
        _ = try Self.openMetrics(session)
        let screen = Self.fixturePanelScreen(session)
        Golden.assert(screen, matches: "metrics-80x24")
        #expect(screen.contains("↓"), "at 80×24 the table continues below")
    }

    @Test("the live report over the embedded catalogue: every pattern measured, every file placed, every format rendered")
    func liveReport() {
        let report = MetricsReport.current
        #expect(report.patterns.map(\.pattern) == PatternID.allCases)
        for metrics in report.patterns {
            #expect(metrics.total.codeLines > 0 && metrics.total.tests > 0, "\(metrics.pattern) has code and unit tests")
            #expect(!metrics.testFiles.isEmpty, "\(metrics.pattern)'s tests are found under \(metrics.pattern.testFolder)")
        }
        #expect(report.unplaced.isEmpty, "files no role rule places: \(report.unplaced)")
        for format in MetricsOutputFormat.allCases {
            let output = report.render(as: format)
            for pattern in PatternID.allCases { #expect(output.contains(pattern.rawValue), "\(format) names \(pattern)") }
        }
    }

    @Test("m opens the table over the module; ↑↓ PgUp PgDn Home End scroll; m and Esc close; q still quits")
    func keys() async throws {
        let session = TestApp.session(size: Size(width: 80, height: 24))
        await session.settle()
        _ = try Self.openMetrics(session)
        let top = session.text
        #expect(top.contains("Metrics · counted from the embedded sources"))
        #expect(top.contains("lines 1–"))
        #expect(!top.contains("─ Trace "), "the panel covers the trace pane")
        session.press(.down)
        #expect(session.text.contains("lines 2–"))
        session.press(.pageDown)
        #expect(!session.text.contains("lines 2–"))
        session.press(.home)
        #expect(session.text == top)
        session.press(.end)
        #expect(session.text.contains("Ease of use") && !session.text.contains("more "), "the end shows the last criterion")
        session.press(.up)
        #expect(session.text.contains("↓ 1 more"))
        session.press(.character("m"))
        #expect(session.shell.state.panel == nil)
        #expect(session.text.contains("─ Trace "))
        _ = try Self.openMetrics(session)
        session.press(.escape)
        #expect(session.shell.state.panel == nil)
        _ = try Self.openMetrics(session)
        session.press(.character("2"))
        #expect(session.shell.state.pattern == .mvp, "the shell's keys still work with the panel open")
        session.press(.enter)
        #expect(session.shell.state.panel?.metrics != nil, "Enter does not reach the hidden module")
    }

    @Test("the panel shows the report's figures: every pattern's code lines and each criterion's values")
    func figures() async throws {
        let session = TestApp.session(size: Size(width: 120, height: 40))
        await session.settle()
        _ = try Self.openMetrics(session)
        let report = MetricsReport.current
        var seen = session.text
        for _ in 0..<6 {
            session.press(.pageDown)
            seen += session.text
        }
        for metrics in report.patterns {
            #expect(seen.contains("\(metrics.pattern.rawValue) · \(metrics.total.codeLines) code lines"))
        }
        for result in report.results() {
            for figure in result.figures { #expect(seen.contains(result.display(figure))) }
        }
        #expect(session.panelTitle?.hasPrefix("Metrics") == true)
    }

    @Test("m is in the help overlay and, where the width allows, on the key bar as a teaching key")
    func keymap() {
        let binding = Keymap.bindings.first { $0.keys == "m" && $0.scope == .shell }
        #expect(binding != nil && binding?.label == "metrics" && binding?.barRank != nil)
        #expect(Keymap.command(for: .character("m")) == .togglePanel(.metrics))
    }

    @Test("golden: mvx metrics in every format, over the fixed files", arguments: MetricsOutputFormat.allCases)
    func outputMatchesGolden(format: MetricsOutputFormat) {
        Golden.assert(Self.fixtureReport.render(as: format), matches: "metrics-\(format.rawValue)")
    }
}
