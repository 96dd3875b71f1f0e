import SourceCatalog
import SourceIndex

/// What the source pane colours a piece of code as: the index's syntax classes.
typealias TokenClass = SyntaxClass

/// A run of one line's text in one class.
struct ColouredToken: Hashable, Sendable {
    var text: String
    var kind: TokenClass
}

/// How the source pane learns what to colour: the one seam between the pane and the index.
/// Given a line number, it answers the line's tokens, which together spell the line exactly.
protocol SourceColouring: AnyObject {
    func tokens(ofLine number: Int) -> [ColouredToken]
}

enum SourceColourings {
    /// The colouring the pane uses for a file: the runs swift-syntax classified at build time.
    static func make(lines: [Substring], index: FileIndex) -> any SourceColouring {
        IndexColouring(lines: lines, runs: index.runs)
    }
}

/// Colouring from the index's runs. The runs are in UTF-8 columns of the line as written, so a line
/// is cut at them first and its tabs expanded after, a token at a time.
final class IndexColouring: SourceColouring {
    private let lines: [Substring]
    /// The runs of each line, by line number.
    private let runsByLine: [Int: [TokenRun]]

    init(lines: [Substring], runs: [TokenRun]) {
        self.lines = lines
        runsByLine = Dictionary(grouping: runs, by: \.line)
    }

    func tokens(ofLine number: Int) -> [ColouredToken] {
        guard number >= 1, number <= lines.count else { return [] }
        let line = Array(lines[number - 1].utf8)
        var tokens: [ColouredToken] = []
        var position = 0
        func append(_ end: Int, _ kind: TokenClass) {
            let end = min(end, line.count)
            guard end > position else { return }
            tokens.append(ColouredToken(text: String(decoding: line[position..<end], as: UTF8.self), kind: kind))
            position = end
        }
        for run in runsByLine[number] ?? [] where run.column >= position {
            append(run.column, .plain)
            append(run.column + run.length, run.syntaxClass)
        }
        append(line.count, .plain)
        if tokens.last?.text.hasSuffix("\r") == true {
            tokens[tokens.count - 1].text.removeLast()
            if tokens[tokens.count - 1].text.isEmpty { tokens.removeLast() }
        }
        return SourceListing.expandingTabs(in: tokens)
    }
}
