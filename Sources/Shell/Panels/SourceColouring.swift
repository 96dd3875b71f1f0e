/// What the source pane colours a piece of code as.
enum TokenClass: Hashable, Sendable {
    case plain, keyword, type, string, interpolation, comment, docComment, number, attribute, directive
}

/// A run of one line's text in one class.
struct ColouredToken: Hashable, Sendable {
    var text: String
    var kind: TokenClass
}

/// How the source pane learns what to colour: the one seam between the pane and a Swift parser.
/// Given a file's lines, it answers a line's tokens, which together spell the line exactly.
/// Swapping the lexer for another parser is a change to `SourceColouring.make` and its type only.
protocol SourceColouring: AnyObject {
    func tokens(ofLine number: Int) -> [ColouredToken]
}

enum SourceColourings {
    /// The colouring the pane uses for a file's lines.
    static func make(lines: [String]) -> any SourceColouring {
        LexerColouring(lines: lines)
    }
}

/// Colouring by `SwiftTokenizer`, a line at a time. The tokenizer's state at the start of each
/// line is remembered as far as the pane has looked, so showing a screenful tokenises that
/// screenful, plus — once per file — the lines above it that were never shown.
final class LexerColouring: SourceColouring {
    private let lines: [String]
    /// `entryStates[i]`: what is open (a comment, a multi-line string) where line i + 1 starts.
    private var entryStates: [SwiftTokenizer.State] = [.code]

    init(lines: [String]) {
        self.lines = lines
    }

    func tokens(ofLine number: Int) -> [ColouredToken] {
        guard number >= 1, number <= lines.count else { return [] }
        while entryStates.count < number {
            let previous = entryStates.count  // the line whose end state is missing, from 1
            entryStates.append(SwiftTokenizer.tokenize(lines[previous - 1], from: entryStates[previous - 1]).end)
        }
        return SwiftTokenizer.tokenize(lines[number - 1], from: entryStates[number - 1]).tokens.map {
            ColouredToken(text: $0.text, kind: $0.kind.tokenClass)
        }
    }

    /// How many lines have had their entry state worked out (for tests of the laziness).
    var linesScanned: Int { entryStates.count - 1 }
}

extension SwiftTokenizer.Kind {
    var tokenClass: TokenClass {
        switch self {
        case .plain: .plain
        case .keyword: .keyword
        case .type: .type
        case .string: .string
        case .interpolation: .interpolation
        case .comment: .comment
        case .docComment: .docComment
        case .number: .number
        case .attribute: .attribute
        case .directive: .directive
        }
    }
}
