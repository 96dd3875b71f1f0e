import SourceCatalog
import Terminal

/// One embedded source file as the source pane shows it: its lines (tabs expanded, so columns line
/// up) and their tokens. The tokenizer's state at the start of each line is remembered as far as
/// the pane has looked, so showing a screenful tokenises that screenful, plus — once per file — the
/// lines above it that were never shown.
final class SourceListing {
    let file: SourceFile
    /// Line N is `lines[N - 1]`; a final line break does not make an extra, empty line.
    let lines: [String]
    /// `entryStates[i]`: what is open (a comment, a multi-line string) where line i + 1 starts.
    private var entryStates: [SwiftTokenizer.State] = [.code]

    init(file: SourceFile) {
        self.file = file
        var lines = file.lines.map { Self.expandingTabs(in: $0.hasSuffix("\r") ? $0.dropLast() : $0) }
        if lines.count > 1, lines.last?.isEmpty == true { lines.removeLast() }
        self.lines = lines
    }

    var lineCount: Int { lines.count }

    /// The tokens of line `number` (from 1); empty outside the file.
    func tokens(ofLine number: Int) -> [SwiftTokenizer.Token] {
        guard number >= 1, number <= lines.count else { return [] }
        while entryStates.count < number {
            let previous = entryStates.count  // the line whose end state is missing, from 1
            entryStates.append(SwiftTokenizer.tokenize(lines[previous - 1], from: entryStates[previous - 1]).end)
        }
        return SwiftTokenizer.tokenize(lines[number - 1], from: entryStates[number - 1]).tokens
    }

    /// How many lines have had their entry state worked out (for tests of the laziness).
    var linesScanned: Int { entryStates.count - 1 }

    static let tabWidth = 4

    /// `line` with each tab replaced by the spaces up to the next tab stop (by display columns).
    static func expandingTabs(in line: Substring) -> String {
        guard line.contains("\t") else { return String(line) }
        var result = ""
        var column = 0
        for character in line {
            if character == "\t" {
                let spaces = tabWidth - column % tabWidth
                result += String(repeating: " ", count: spaces)
                column += spaces
            } else {
                result.append(character)
                column += DisplayWidth.of(character)
            }
        }
        return result
    }
}
