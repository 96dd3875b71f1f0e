import PatternVocabulary
import Terminal
import Testing
@testable import Shell

@MainActor
@Suite("Key bar", .hangWatchdog)
struct KeyBarTests {
    static func bottomRow(_ app: HeadlessSession) -> String {
        app.screen.row(app.screen.size.height - 1)
    }

    /// The greeting with its first name field focused (↑ from the button, as a user would).
    static func typingInName(size: Size = Size(width: 80, height: 24), pattern: PatternID = .mvc) -> HeadlessSession {
        let app = TestApp.session(size: size, pattern: pattern)
        while !app.shell.environment.moduleHasTextFocus { app.press(.up) }
        return app
    }

    @Test("at 80 columns the teaching keys come first: compare, source, timeline, ownership, metrics; help and quit")
    func teachingKeysAt80() {
        let bar = Self.bottomRow(TestApp.session(size: Size(width: 80, height: 24)))
        #expect(bar.hasPrefix(" c compare  s source  t timeline  o ownership  m metrics"), "\(bar)")
        #expect(bar.contains("? help  q quit"), "\(bar)")
        #expect(!bar.contains("Enter press"), "a key the module shows itself gives way to the teaching ones: \(bar)")
    }

    @Test("at the smallest width compare, help and quit still show; wider, more keys in the order of their rank",
          arguments: [64, 80, 100, 120, 160])
    func rankOrder(width: Int) throws {
        let bar = Self.bottomRow(TestApp.session(size: Size(width: width, height: 24)))
        for needed in ["c compare", "? help", "q quit"] { #expect(bar.contains(needed), "\(width): \(bar)") }
        let ranked = Keymap.appBindings.filter { $0.barRank != nil && $0.label != nil }
        let shown = ranked.filter { bar.contains("\($0.keys) \($0.label!)") }
        // Whatever shows outranks whatever does not: no lower-ranked key took a higher one's room.
        let lowestMissing = ranked.filter { binding in !shown.contains { $0.keys == binding.keys } }.compactMap(\.barRank).min()
        if let lowestMissing {
            #expect(shown.allSatisfy { $0.barRank! <= lowestMissing }, "\(width): \(bar)")
        }
        #expect(DisplayWidth.of(bar.trimmingTrailingSpaces) <= width)
    }

    @Test("while a text field has the letters, the bar says so and names the keys that still work there",
          arguments: PatternID.allCases)
    func typing(pattern: PatternID) {
        let app = Self.typingInName(pattern: pattern)
        let bar = Self.bottomRow(app)
        #expect(bar.hasPrefix(" typing · Esc leaves the field  Tab next"), "\(bar)")
        #expect(!bar.contains("1-4") && !bar.contains("q quit"), "keys that would be typed are not offered: \(bar)")
        app.type("3")
        #expect(Self.bottomRow(app).hasPrefix(" typing · "), "a digit is typed, not a pattern chosen")
        app.press(.escape)
        #expect(!app.shell.environment.moduleHasTextFocus, "Esc does leave the field, as the bar says")
        #expect(Self.bottomRow(app).contains("c compare"))
    }

    @Test("typing the trace filter: Enter applies, Esc leaves it")
    func traceFilter() {
        let app = TestApp.session()
        app.press(.character("/"))
        #expect(Self.bottomRow(app).hasPrefix(" typing the filter · Enter applies  Esc leaves it"))
        app.press(.escape)
        #expect(Self.bottomRow(app).contains("c compare"))
    }

    @Test("golden: the key bar while typing in a field, at 80×24")
    func typingGolden() {
        let app = Self.typingInName()
        app.type("3")
        Golden.assert(app.text, matches: "mvc-greeting-typing-80x24")
    }
}

extension String {
    fileprivate var trimmingTrailingSpaces: String {
        String(reversed().drop { $0 == " " }.reversed())
    }
}
