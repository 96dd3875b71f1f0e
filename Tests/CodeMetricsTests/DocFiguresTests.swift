import CodeMetrics
import Foundation
import PatternVocabulary
import Testing

/// The pattern docs may quote figures (files, code lines, tests …) only inside the blocks that
/// `make docs` generates from `mvx metrics`: a figure typed by hand goes stale with the next edit.
@Suite("Docs quote only generated figures")
struct DocFiguresTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let documents = ["mvc", "mvp", "mvvm", "viper"].map { "docs/patterns/\($0).md" }

    @Test("no hand-typed figure outside the generated blocks", arguments: documents)
    func noHandTypedFigures(document: String) throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent(document), encoding: .utf8)
        let figures = DocFigures.handTyped(in: text)
        #expect(figures.isEmpty, "\(document) quotes figures by hand (generate them with `make docs`): \(figures)")
    }

    @Test("each pattern page's generated block holds today's figures (`make docs` rewrites it)", arguments: PatternID.allCases)
    func blocksAreFresh(pattern: PatternID) throws {
        let document = "docs/patterns/\(pattern.rawValue.lowercased()).md"
        let text = try String(contentsOf: Self.root.appendingPathComponent(document), encoding: .utf8)
        let start = "<!-- generated: mvx metrics --pattern \(pattern.rawValue.lowercased()) --format markdown -->\n"
        let block = try #require(text.range(of: start).flatMap { opening in
            text.range(of: "<!-- end generated -->", range: opening.upperBound..<text.endIndex)
                .map { String(text[opening.upperBound..<$0.lowerBound]) }
        }, "\(document) has no generated figures block")
        #expect(block == MetricsReport.current.markdown(for: pattern) + "\n",
                "\(document)'s figures are stale: run `make docs` and commit it")
    }

    @Test("a hand-typed count is caught; page numbers and versions are not figures")
    func catchesHandTypedCounts() {
        let text = """
            VIPER spreads the feature over 38 source files and 12 protocols; 86 % sits outside the view.
            The presenter loads page 1 with Swift 6.2.
            <!-- generated: mvx metrics --pattern viper --format markdown -->
            | code lines | 828 |
            <!-- end generated -->
            """
        #expect(DocFigures.handTyped(in: text) == ["38 source files", "12 protocols", "86 %"])
    }
}

/// Figures in Markdown: a number followed (within two words) by what the metrics count.
enum DocFigures {
    static var generatedBlock: Regex<Substring> { #/<!-- generated: [^>]*-->[\s\S]*?<!-- end generated -->/# }
    static var figure: Regex<Substring> { #/\b\d+(?:[.,]\d+)?\s*(?:[a-z-]+\s+){0,2}(?:%|×|(?:code |test )?lines?\b|files?\b|types?\b|protocols?\b|tests?\b|roles?\b|boundar(?:y|ies)\b|methods?\b)/# }

    /// The figures outside the generated blocks.
    static func handTyped(in markdown: String) -> [String] {
        let handWritten = markdown.replacing(generatedBlock, with: "")
        return handWritten.matches(of: figure).map { String($0.output) }
    }
}
