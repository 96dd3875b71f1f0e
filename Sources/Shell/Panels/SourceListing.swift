import SourceCatalog
import Terminal

/// The source files the source pane has shown, prepared once each: a cache the shell keeps
/// between frames (not state: it only saves work).
@MainActor
public final class SourceListings {
    private var listings: [String: SourceListing] = [:]

    public init() {}

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
/// up), their tokens (from the `SourceColouring`) and the blocks around lines.
final class SourceListing {
    let file: SourceFile
    /// Line N is `lines[N - 1]`; a final line break does not make an extra, empty line.
    let lines: [String]
    private let colouring: any SourceColouring

    init(file: SourceFile) {
        self.file = file
        var lines = file.lines.map { Self.expandingTabs(in: $0.hasSuffix("\r") ? $0.dropLast() : $0) }
        if lines.count > 1, lines.last?.isEmpty == true { lines.removeLast() }
        self.lines = lines
        colouring = SourceColourings.make(lines: lines)
    }

    var lineCount: Int { lines.count }

    /// The tokens of line `number` (from 1); empty outside the file.
    func tokens(ofLine number: Int) -> [ColouredToken] {
        colouring.tokens(ofLine: number)
    }

    /// The lines of the innermost `{ … }` around line `number` — for a trace line, the method (or
    /// accessor, or closure) it was recorded in: from the line that opens it to the line that
    /// closes it. Braces in strings and comments do not count; braces on line `number` before a
    /// `trace(` call open the block, the rest are inside it. Worked out once per line, reading only
    /// the block's own lines; nil when the line is outside any block.
    func enclosingBlock(ofLine number: Int) -> ClosedRange<Int>? {
        if let known = blocks[number] { return known }
        let block = findEnclosingBlock(ofLine: number)
        blocks[number] = .some(block)
        return block
    }

    private var blocks: [Int: ClosedRange<Int>?] = [:]

    private func findEnclosingBlock(ofLine number: Int) -> ClosedRange<Int>? {
        guard number >= 1, number <= lines.count else { return nil }
        let own = braces(ofLine: number)
        let split = lines[number - 1].range(of: "trace(").map {
            lines[number - 1].distance(from: lines[number - 1].startIndex, to: $0.lowerBound)
        } ?? 0
        let before = own.filter { $0.offset < split }.map(\.brace)
        let after = own.filter { $0.offset >= split }.map(\.brace)

        var depth = 0
        var opening: Int?
        upward: for line in stride(from: number, through: 1, by: -1) {
            for brace in (line == number ? before : braces(ofLine: line).map(\.brace)).reversed() {
                depth += brace == "}" ? 1 : -1
                if depth < 0 { opening = line; break upward }
            }
        }
        guard let opening else { return nil }
        depth = 0
        for line in number...lines.count {
            for brace in line == number ? after : braces(ofLine: line).map(\.brace) {
                depth += brace == "{" ? 1 : -1
                if depth < 0 { return opening...line }
            }
        }
        return nil
    }

    /// The braces of a line's code (not of its strings and comments), with their character offsets.
    private func braces(ofLine number: Int) -> [(offset: Int, brace: Character)] {
        var result: [(Int, Character)] = []
        var offset = 0
        for token in tokens(ofLine: number) {
            if token.kind == .plain {
                for (index, character) in token.text.enumerated() where character == "{" || character == "}" {
                    result.append((offset + index, character))
                }
            }
            offset += token.text.count
        }
        return result
    }

    /// How many lines have had their entry state worked out (for tests of the laziness).
    var linesScanned: Int { (colouring as? LexerColouring)?.linesScanned ?? 0 }

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
