import SourceCatalog
import SourceIndex
import Terminal

/// The source files the source pane has shown, prepared once each: a cache the shell keeps
/// between frames (not state: it only saves work).
@MainActor
package final class SourceListings {
    private var listings: [String: SourceListing] = [:]

    package init() {}

    /// The file `#fileID` names, prepared for showing; nil when it is not embedded.
    func listing(for fileID: String) -> SourceListing? {
        if let listing = listings[fileID] { return listing }
        guard let file = SourceCatalog.file(fileID: fileID) else { return nil }
        let listing = SourceListing(file: file)
        listings[fileID] = listing
        return listing
    }
}

/// One embedded source file as the source pane shows it: its lines (tabs expanded, so columns line
/// up), their tokens (from the `SourceColouring`) and the declarations around lines, all read from
/// the index the build made.
final class SourceListing {
    let file: SourceFile
    /// Line N is `lines[N - 1]`; a final line break does not make an extra, empty line.
    let lines: [String]
    private let colouring: any SourceColouring
    /// The declarations with a body, innermost last among those around a line.
    private let blocks: [Declaration]

    init(file: SourceFile) {
        self.file = file
        var written = file.lines.map { $0.hasSuffix("\r") ? $0.dropLast() : $0 }
        if written.count > 1, written.last?.isEmpty == true { written.removeLast() }
        lines = written.map(Self.expandingTabs(in:))
        let index = file.index
        colouring = SourceColourings.make(lines: written, index: index)
        blocks = index.declarations.filter {
            DeclarationKind.blocks.contains($0.kind) || (($0.kind == .var || $0.kind == .let) && !$0.stored)
        }
    }

    var lineCount: Int { lines.count }

    /// The rows of the code column: every line, or the lesson view's (`LessonLayout`).
    func rows(lesson: Bool) -> [CodeRow] {
        lesson ? lessonLayout.rows : plainRows
    }

    private lazy var plainRows: [CodeRow] = lines.indices.map { .line($0 + 1) }

    /// The lesson view of the file, made the first time it is asked for.
    private(set) lazy var lessonLayout = LessonLayout(lines: lines, index: file.index, module: file.module)

    /// The tokens of line `number` (from 1); empty outside the file.
    func tokens(ofLine number: Int) -> [ColouredToken] {
        colouring.tokens(ofLine: number)
    }

    /// The lines of the innermost declaration with a body around line `number` — for a trace line,
    /// the method (or initialiser, or computed property) it was recorded in, from its first
    /// attribute to its closing brace; nil when the line is outside any.
    func enclosingBlock(ofLine number: Int) -> ClosedRange<Int>? {
        blocks.filter { $0.lines.contains(number) }.min { $0.lines.count < $1.lines.count }?.lines
    }

    static let tabWidth = 4

    /// `line` with each tab replaced by the spaces up to the next tab stop (by display columns).
    static func expandingTabs(in line: Substring) -> String {
        guard line.contains("\t") else { return String(line) }
        return expandingTabs(in: [ColouredToken(text: String(line), kind: .plain)]).map(\.text).joined()
    }

    /// A line's tokens with their tabs expanded, the columns counted across the tokens.
    static func expandingTabs(in tokens: [ColouredToken]) -> [ColouredToken] {
        guard tokens.contains(where: { $0.text.contains("\t") }) else { return tokens }
        var column = 0
        return tokens.map { token in
            var text = ""
            for character in token.text {
                if character == "\t" {
                    let spaces = tabWidth - column % tabWidth
                    text += String(repeating: " ", count: spaces)
                    column += spaces
                } else {
                    text.append(character)
                    column += DisplayWidth.of(character)
                }
            }
            return ColouredToken(text: text, kind: token.kind)
        }
    }
}
