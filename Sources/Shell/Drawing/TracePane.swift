import Terminal
import Tracing

/// The right-hand pane: the latest actions, newest at the bottom, each key press followed by the
/// role methods it reached (written by `TraceLines`).
enum TracePane {
    /// Draws the entries' last lines that fit, `scroll` lines up from the bottom (clamped).
    @MainActor
    static func draw(_ entries: [TraceBuffer.Entry], scroll: Int, in canvas: Canvas) {
        let height = canvas.size.height
        guard height > 0 else { return }
        let lines = lastLines(of: entries, width: canvas.size.width, count: height + max(0, scroll) + 1)
        if lines.isEmpty {
            canvas.draw("Press a key: every role method it", at: Point(x: 1, y: 0), style: ShellTheme.detail)
            canvas.draw("reaches is listed here, in order.", at: Point(x: 1, y: 1), style: ShellTheme.detail)
            return
        }
        let offset = min(max(0, scroll), max(0, lines.count - height))
        for (row, line) in lines.dropLast(offset).suffix(height).enumerated() {
            line.draw(row: row, in: canvas)
        }
        ScrollMarker.draw(remaining: offset, in: canvas)
    }

    /// The largest useful scroll offset for a pane of `size` (looking no further back than `limit`).
    static func maxScroll(_ entries: [TraceBuffer.Entry], size: Size, limit: Int) -> Int {
        let lines = lastLines(of: entries, width: size.width, count: size.height + max(0, limit) + 1)
        return max(0, lines.count - size.height)
    }

    /// At least the last `count` lines (whole actions), formatted from the newest action backwards:
    /// the buffer may hold thousands of events but a frame only shows a screenful.
    private static func lastLines(of entries: [TraceBuffer.Entry], width: Int, count: Int) -> [TraceLine] {
        var chunks: [[TraceLine]] = []
        var total = 0
        for entry in entries.reversed() where !entry.events.isEmpty {
            let (lines, isWhole) = TraceLines.lastLines(of: entry, width: width, count: count - total)
            chunks.append(lines)
            total += lines.count
            if total >= count || !isWhole { break }
        }
        return chunks.reversed().flatMap { $0 }
    }
}
