import CodeMetrics
import PatternVocabulary
import SourceCatalog
import Testing

/// The pattern cards (`i`): their words are ours, their figures are the report's. Every figure is a
/// placeholder filled at run time, so a card cannot go stale; these tests hold that promise.
@Suite("Pattern cards")
struct PatternCardTests {
    static let report = MetricsReport.current

    /// The card's source with every `{placeholder}` taken out.
    static func wordsAlone(_ source: String) -> String {
        var out = ""
        var inside = false
        for character in source {
            if character == "{" { inside = true } else if character == "}" { inside = false } else if !inside { out.append(character) }
        }
        return out
    }

    @Test("each card has a title and the three sections, and every placeholder resolves", arguments: PatternID.allCases)
    func cardResolves(pattern: PatternID) {
        let blocks = PatternCard.blocks(for: pattern, report: Self.report)
        guard case .title(let title)? = blocks.first else {
            Issue.record("\(pattern)'s card opens with no title")
            return
        }
        #expect(title.hasPrefix(pattern.rawValue))
        let headings = blocks.compactMap { block -> String? in if case .heading(let text) = block { text } else { nil } }
        #expect(headings == ["The problem it solves", "What it costs", "When to pick it"])
        let unresolved = blocks.map { "\($0)" }.filter { $0.contains("{") || $0.contains("}") }
        #expect(unresolved.isEmpty, "\(pattern)'s card names figures mvx does not measure: \(unresolved)")
    }

    @Test("no card types a figure: every digit in it comes from a placeholder", arguments: PatternID.allCases)
    func noTypedFigures(pattern: PatternID) {
        let words = Self.wordsAlone(PatternCard.source(for: pattern))
        let typed = words.split(whereSeparator: \.isWhitespace).filter { $0.contains(where: \.isNumber) }
        #expect(typed.isEmpty, "\(pattern)'s card types figures (use a placeholder): \(typed)")
    }

    @Test("a typed figure and an unknown placeholder are caught")
    func catchesTypedFigures() {
        #expect(!Self.wordsAlone("the presenter holds 209 lines ({lines of presenter})").allSatisfy { !$0.isNumber })
        let blocks = PatternCard.blocks(for: .mvc, report: Self.report, source: "# MVC\n- {no such figure}")
        #expect(blocks.last == .item("{?no such figure}"))
    }

    @Test("a card's figures are those mvx metrics prints", arguments: PatternID.allCases)
    func figuresMatchMetrics(pattern: PatternID) throws {
        let metrics = try #require(Self.report.patterns.first { $0.pattern == pattern })
        let text = Self.report.render(as: .text)
        let codeLines = try #require(PatternCard.figure("code lines", of: pattern, in: Self.report))
        let tests = try #require(PatternCard.figure("unit tests", of: pattern, in: Self.report))
        // The per-pattern heading of `mvx metrics`: `MVC · 292 code lines in 6 files · 27 unit tests`.
        #expect(text.contains("\(pattern.rawValue) · \(codeLines) code lines in \(metrics.total.files) files · \(tests) unit tests"))
        let card = PatternCard.blocks(for: pattern, report: Self.report).map { "\($0)" }.joined(separator: "\n")
        #expect(card.contains("\(codeLines) lines"), "the card quotes the code lines mvx measures")
        for role in metrics.roles where role.codeLines > 0 {
            #expect(PatternCard.figure("lines of \(role.role.noun)", of: pattern, in: Self.report) == "\(role.codeLines)")
            #expect(PatternCard.figure("tests of \(role.role.noun)", of: pattern, in: Self.report) == "\(role.tests)")
        }
        for result in Self.report.results() where result.criterion != .easeOfUse {
            let shown = try #require(result.figures.first { $0.pattern == pattern }.map(result.display))
            #expect(text.contains(shown))
            let name = result.criterion == .distribution ? "distribution" : "testability"
            #expect(PatternCard.figure(name, of: pattern, in: Self.report) == shown)
        }
    }
}
