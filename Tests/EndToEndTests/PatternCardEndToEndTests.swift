import Foundation
import Testing

/// The pattern card with the real binary (issue 26 §4): `i` opens the card of the pattern on show
/// with the figures `mvx metrics` measures, `2` turns it to MVP's, a click on the header's tab of
/// the pattern on show closes and opens it, a click on another tab turns it, Esc closes it, and `q`
/// leaves the terminal as it was.
@Suite("Pattern card (tmux)", .serialized,
       .enabled(if: TmuxSession.isAvailable, "tmux is not installed; end-to-end terminal tests need it"),
       .timeLimit(.minutes(1)))
struct PatternCardEndToEndTests {
    /// Each pattern's code lines as `mvx metrics --format json` measures them: what the card quotes.
    private static func measuredCodeLines() throws -> [String: Int] {
        let result = try TmuxSession.run([mvxBinary, "metrics", "--format", "json"])
        #expect(result.status == 0, "\(result.error)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        let patterns = try #require(json["patterns"] as? [[String: Any]])
        var lines: [String: Int] = [:]
        for pattern in patterns {
            if let name = pattern["pattern"] as? String, let total = pattern["total"] as? [String: Any],
               let code = total["codeLines"] as? Int { lines[name] = code }
        }
        return lines
    }

    /// The screen's words with every run of spaces and line breaks made one space, so a figure the
    /// card wrapped between two rows (`292` | `lines`) still reads as one phrase.
    private static func words(_ screen: String) -> String {
        screen.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
    }

    /// Clicks the header's tab that reads `label`.
    private static func clickTab(_ label: String, in session: TmuxSession,
                                 sourceLocation: SourceLocation = #_sourceLocation) throws {
        let tab = try #require(try session.cell(of: label), "no tab \(label) on screen", sourceLocation: sourceLocation)
        try #require(tab.y == 0, "\(label) is not in the header", sourceLocation: sourceLocation)
        try session.click(x: tab.x, y: tab.y)
    }

    @Test("i: MVC's card with a measured figure; 2: MVP's; a click on the tab on show closes and opens it; another tab turns it; Esc; q restores")
    func cardByKeyAndClick() async throws {
        let codeLines = try Self.measuredCodeLines()
        let mvc = try #require(codeLines["MVC"]), mvp = try #require(codeLines["MVP"]), mvvm = try #require(codeLines["MVVM"])

        let session = try TmuxSession(command: [mvxBinary, "--latency", "0"], width: 120, height: 40)
        defer { session.close() }
        try await session.expectScreen(shows: "wire the button and the fields", "the module is built")

        try session.type("i")
        var screen = try await session.expectScreen(shows: "MVC · why and when", "i opens MVC's card")
        #expect(Self.words(screen).contains("\(mvc) lines"), "MVC's card quotes its measured \(mvc) code lines:\n\(screen)")
        #expect(!screen.contains("{"), "a placeholder left unfilled:\n\(screen)")
        #expect(screen.contains("1-4 Tab another pattern"), "the card says how to see another pattern's:\n\(screen)")

        try session.type("2")
        screen = try await session.expectScreen(shows: "MVP · why and when", "2 turns the card to MVP's")
        #expect(Self.words(screen).contains("\(mvp) lines"), "MVP's card quotes its measured \(mvp) code lines:\n\(screen)")

        // The tab of the pattern on show closes the card, and opens it again.
        try Self.clickTab("2 MVP", in: session)
        let closed = try await session.waitUntil { try !session.capture().contains("why and when") }
        #expect(closed, "a click on MVP's tab, on show, closes its card:\n\((try? session.capture()) ?? "")")
        try await session.expectScreen(shows: "MVP · Greeting", "the greeting is back, in MVP")
        try Self.clickTab("2 MVP", in: session)
        try await session.expectScreen(shows: "MVP · why and when", "a click on MVP's tab, on show, opens its card")

        // Another tab switches the pattern, and the open card follows.
        try Self.clickTab("3 MVVM", in: session)
        screen = try await session.expectScreen(shows: "MVVM · why and when", "a click on MVVM's tab turns the card")
        #expect(Self.words(screen).contains("\(mvvm) lines"), "MVVM's card quotes its measured \(mvvm) code lines:\n\(screen)")

        try session.send(keys: "Escape")
        try await session.expectScreen(shows: "MVVM · Greeting", "Esc closes the card")
        #expect(try !session.capture().contains("why and when"))

        try session.type("q")
        #expect(try await session.waitForExit() == 0)
        try session.expectTerminalRestored(appHeader: "2 MVP  3 MVVM")
    }
}
