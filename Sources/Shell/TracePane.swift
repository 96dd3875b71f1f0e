import Terminal
import Tracing

/// The right-hand pane: the latest actions, newest at the bottom, each key press followed by the
/// role methods it reached, indented by the role's layer and coloured by role.
struct TracePane {
    struct Segment {
        var text: String
        var style: Style
    }

    /// One line: left-aligned segments and an optional right-aligned note (`file:line`).
    struct Line {
        var segments: [Segment]
        var trailing: String?
    }

    /// Draws the entries' last lines that fit, `scroll` lines up from the bottom.
    /// Returns the largest useful scroll offset, so the caller can clamp it.
    @MainActor @discardableResult
    static func draw(_ entries: [TraceBuffer.Entry], scroll: Int, in canvas: Canvas) -> Int {
        let height = canvas.size.height
        guard height > 0 else { return 0 }
        let wanted = height + max(0, scroll)
        var lines: [Line] = []
        // Format from the newest action backwards and stop once the pane (plus scroll) is full:
        // the buffer may hold thousands of events but a frame only shows a screenful.
        for entry in entries.reversed() where !entry.events.isEmpty {
            lines.insert(contentsOf: self.lines(for: entry, width: canvas.size.width), at: 0)
            if lines.count >= wanted + 1 { break }
        }
        if lines.isEmpty {
            canvas.draw("Press a key: every role method it", at: Point(x: 1, y: 0), style: ShellTheme.detail)
            canvas.draw("reaches is listed here, in order.", at: Point(x: 1, y: 1), style: ShellTheme.detail)
            return 0
        }
        let maxScroll = max(0, lines.count - height)
        let offset = min(max(0, scroll), maxScroll)
        let visible = lines.dropLast(offset).suffix(height)
        for (row, line) in visible.enumerated() {
            draw(line, row: row, in: canvas)
        }
        if offset > 0 {
            let marker = " ↓ \(offset) more "
            canvas.draw(marker, at: Point(x: canvas.size.width - DisplayWidth.of(marker), y: height - 1), style: ShellTheme.notice)
        }
        return maxScroll
    }

    static func lines(for entry: TraceBuffer.Entry, width: Int) -> [Line] {
        var header = [Segment(text: "▸ " + entry.action.label, style: ShellTheme.actionHeader)]
        if !entry.action.pattern.isEmpty {
            header.append(Segment(text: " · " + entry.action.pattern, style: ShellTheme.detail))
        }
        var result = [Line(segments: header, trailing: nil)]
        let showLocations = width >= 56
        let indentUnit = width < 50 ? 1 : 2  // a narrow pane cannot afford deep indentation
        for event in entry.events {
            let indent = String(repeating: " ", count: 1 + event.depth * indentUnit)
            let pad = indent + "  "
            let roleStyle = ShellTheme.style(for: event.role)
            let head = Segment(text: indent + event.role.rawValue + " ", style: roleStyle.with(.bold))
            let location = showLocations ? event.location : nil
            let detail = event.detail.isEmpty ? nil : Segment(text: "  " + event.detail, style: ShellTheme.detail)
            let call = Segment(text: event.call, style: roleStyle)
            let headAndCall = DisplayWidth.of(head.text) + DisplayWidth.of(call.text)
            let locationWidth = location.map { DisplayWidth.of($0) + 1 } ?? 0
            // The call is what the reader follows: it keeps its line and the detail moves under it;
            // in a very narrow pane the method goes under its type.
            if headAndCall + (detail.map { DisplayWidth.of($0.text) } ?? 0) + locationWidth <= width {
                result.append(Line(segments: [head, call] + (detail.map { [$0] } ?? []), trailing: location))
                continue
            }
            if headAndCall <= width {
                result.append(Line(segments: [head, call], trailing: location))
            } else {
                result.append(Line(segments: [head, Segment(text: event.type, style: roleStyle)], trailing: nil))
                result.append(Line(segments: [Segment(text: pad + "." + event.bareMethod, style: roleStyle)], trailing: nil))
            }
            if !event.detail.isEmpty {
                result.append(Line(segments: [Segment(text: pad + event.detail, style: ShellTheme.detail)], trailing: nil))
            }
        }
        return result
    }

    /// Draws one line. With a `highlight` (a cursor on the line) the whole row, note included, is
    /// filled and written in that one style.
    @MainActor
    static func draw(_ line: Line, row: Int, in canvas: Canvas, highlight: Style? = nil) {
        let width = canvas.size.width
        let mark: (Style) -> Style = { highlight ?? $0 }
        if let highlight { canvas.fill(Rect(x: 0, y: row, width: width, height: 1), style: highlight) }
        var trailingWidth = 0
        if let trailing = line.trailing {
            trailingWidth = DisplayWidth.of(trailing) + 1
            let used = line.segments.reduce(0) { $0 + DisplayWidth.of($1.text) }
            if used + trailingWidth > width { trailingWidth = 0 }  // no room: the call matters more than where it is
        }
        var x = 0
        let room = width - trailingWidth
        for segment in line.segments where x < room {
            let text = DisplayWidth.truncate(segment.text, to: room - x)
            x += canvas.draw(text, at: Point(x: x, y: row), style: mark(segment.style))
        }
        if trailingWidth > 0, let trailing = line.trailing {
            canvas.draw(trailing, at: Point(x: width - trailingWidth + 1, y: row), style: mark(ShellTheme.location))
        }
    }
}
