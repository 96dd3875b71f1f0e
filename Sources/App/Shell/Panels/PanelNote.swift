import Terminal
import Widgets

/// A panel's "what to notice" line: one sentence about the pattern on show, computed from what the
/// panel measures, drawn at the top of the panel in the notice style. In a narrow pane (the
/// timeline and the network inspector beside the module) it wraps onto a second row; what a
/// second row cannot hold ends in `…`.
enum PanelNote {
    /// The most rows a note takes.
    static let maxRows = 2

    /// The note in rows of `width` cells at most.
    static func lines(_ text: String, width: Int) -> [TraceLine] {
        guard width > 3 else { return [] }
        let wrapped = TextWrapping.lines(of: text, width: width - 3)
        var rows = Array(wrapped.prefix(maxRows))
        if wrapped.count > maxRows, let last = rows.popLast() {
            rows.append(DisplayWidth.truncate(last + " " + wrapped[maxRows], to: width - 3))
        }
        return rows.enumerated().map { index, row in TraceLine((index == 0 ? " » " : "   ") + row, ShellTheme.notice) }
    }

    /// The note on one row, cut with `…` where it does not fit (a pane with no row to spare).
    static func line(_ text: String, width: Int) -> TraceLine {
        TraceLine(DisplayWidth.truncate(" » " + text, to: max(0, width)), ShellTheme.notice)
    }

    /// Draws the note from `row` down; returns the rows it took.
    @MainActor
    @discardableResult
    static func draw(_ text: String, row: Int, in canvas: Canvas) -> Int {
        let lines = lines(text, width: canvas.size.width)
        for (offset, line) in lines.enumerated() { line.draw(row: row + offset, in: canvas) }
        return lines.count
    }
}
