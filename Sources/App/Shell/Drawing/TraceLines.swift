import Terminal
import Tracing

/// One line of styled text: left-aligned segments and an optional right-aligned note (`file:line`).
/// The trace pane, the source pane's trace column, compare's columns and the network inspector all
/// draw through it.
package struct TraceLine: Equatable, Sendable {
    package struct Segment: Equatable, Sendable {
        package var text: String
        package var style: Style
    }

    package var segments: [Segment]
    package var trailing: String?

    package init(segments: [Segment], trailing: String? = nil) {
        self.segments = segments
        self.trailing = trailing
    }

    /// A line of one segment.
    package init(_ text: String, _ style: Style) {
        self.init(segments: [Segment(text: text, style: style)])
    }

    /// The text of the line, note left out (what `mvx trace --format text` prints).
    package var text: String { segments.map(\.text).joined() }

    /// Draws the line on `row`. With a `highlight` (a cursor on the line) the whole row, note
    /// included, is filled and written in that one style. A note that does not fit is dropped:
    /// the call matters more than where it is.
    @MainActor
    package func draw(row: Int, in canvas: Canvas, highlight: Style? = nil) {
        let width = canvas.size.width
        let mark: (Style) -> Style = { highlight ?? $0 }
        if let highlight { canvas.fill(Rect(x: 0, y: row, width: width, height: 1), style: highlight) }
        var trailingWidth = 0
        if let trailing {
            trailingWidth = DisplayWidth.of(trailing) + 1
            let used = segments.reduce(0) { $0 + DisplayWidth.of($1.text, upTo: width) }
            if used + trailingWidth > width { trailingWidth = 0 }
        }
        var x = 0
        let room = width - trailingWidth
        var atStart = true
        for segment in segments where x < room {
            var text = DisplayWidth.truncate(segment.text, to: room - x)
            // The indentation, when it would look blank anyway, is skipped rather than written in the
            // segment's style: the cells stay as erased, so the terminal is sent nothing for them and
            // no change of style before the text. (Spaces after text are written: skipping those
            // would cost a change of style back and forth instead.)
            if atStart, highlight == nil, Self.spacesLookBlank(in: segment.style) {
                let blanks = text.prefix { $0 == " " }.count
                x += blanks
                text.removeFirst(blanks)
            }
            if !text.isEmpty { atStart = false }
            x += canvas.draw(text, at: Point(x: x, y: row), style: mark(segment.style))
        }
        if trailingWidth > 0, let trailing {
            canvas.draw(trailing, at: Point(x: width - trailingWidth + 1, y: row), style: mark(ShellTheme.location))
        }
    }
}

extension TraceLine {
    /// Whether a space in `style` looks like an erased cell: no background, no reverse, no underline.
    static func spacesLookBlank(in style: Style) -> Bool {
        style.background == .default && style.attributes.isDisjoint(with: [.reverse, .underline])
    }
}

/// The one renderer of trace events: every place that shows the trace writes an event the same
/// way — indented under the traced method that called it (`TraceEvent.depth`), the role's name and the call in the role's colour and bold,
/// then its detail (dim) and where it ran as the width allows. Three layouts, one vocabulary:
/// - `lines(for:width:)`, the trace pane: nothing is lost, long lines wrap under themselves;
/// - `line(for:width:)`, one row per event (the source pane's cursor walks along them);
/// - `shape(of:width:)`, calls only, with the async boundary marked (compare's columns).
package enum TraceLines {
    /// The action's header: `▸ label · pattern`.
    package static func header(for action: TraceAction) -> TraceLine {
        var segments = [TraceLine.Segment(text: "▸ " + action.label, style: ShellTheme.actionHeader)]
        if !action.pattern.isEmpty {
            segments.append(TraceLine.Segment(text: " · " + action.pattern, style: ShellTheme.detail))
        }
        return TraceLine(segments: segments)
    }

    /// The pane shows the location from this width on.
    static let locationWidth = 56

    /// An entry as the trace pane writes it: its header, then each event on one line — or, when
    /// that line would be cut, the detail under the call, and in a very narrow pane the method
    /// under its type.
    package static func lines(for entry: TraceBuffer.Entry, width: Int) -> [TraceLine] {
        [header(for: entry.action)] + entry.events.flatMap { lines(for: $0, width: width) }
    }

    /// The last lines of an entry, at least `count` of them, formatting no more events than that
    /// takes: a pane shows a screenful however long the action (a 5,000-character paste) is.
    /// Whole when it fits, header first; the second value says whether it is whole.
    static func lastLines(of entry: TraceBuffer.Entry, width: Int, count: Int) -> (lines: [TraceLine], isWhole: Bool) {
        var chunks: [[TraceLine]] = []
        var total = 0
        for event in entry.events.reversed() {
            let lines = lines(for: event, width: width)
            chunks.append(lines)
            total += lines.count
            if total >= count, chunks.count < entry.events.count { return (chunks.reversed().flatMap { $0 }, false) }
        }
        return ([header(for: entry.action)] + chunks.reversed().flatMap { $0 }, true)
    }

    /// One event as the trace pane writes it: one line when it fits, else two or three.
    static func lines(for event: TraceEvent, width: Int) -> [TraceLine] {
        if let folded = event.request?.folded { return foldLines(for: event, folded: folded, width: width) }
        let indent = self.indent(event, width: width)
        let pad = indent + "  "
        let head = roleName(event, indent: indent)
        let location = width >= locationWidth ? event.location : nil
        let detail = event.detail.isEmpty ? nil : TraceLine.Segment(text: "  " + event.detail, style: ShellTheme.detail)
        // The call in the role name's style (colour and bold): a change from bold back to plain
        // costs the terminal a reset and the colour again on every line of the pane.
        let call = TraceLine.Segment(text: event.call, style: head.style)
        let headAndCall = DisplayWidth.of(head.text) + DisplayWidth.of(call.text)
        let locationRoom = location.map { DisplayWidth.of($0) + 1 } ?? 0
        let detailWidth = detail.map { DisplayWidth.of($0.text, upTo: width) } ?? 0
        if headAndCall + detailWidth + locationRoom <= width {
            return [TraceLine(segments: [head, call] + (detail.map { [$0] } ?? []), trailing: location)]
        }
        var result: [TraceLine]
        if headAndCall <= width {
            result = [TraceLine(segments: [head, call], trailing: location)]
        } else {
            result = [TraceLine(segments: [head, TraceLine.Segment(text: event.type, style: head.style)]),
                      TraceLine(pad + "." + event.bareMethod, head.style)]
        }
        if !event.detail.isEmpty {
            result.append(TraceLine(pad + event.detail, ShellTheme.detail))
        }
        return result
    }

    /// A folded request (`TraceFilter`): `⋯ rent.list page 1: 20 items in 8 ms` at its first line's
    /// depth, in the network's colour, with how many lines it stands for where the location would
    /// be; what it came to goes under the request when the line would be cut.
    private static func foldLines(for event: TraceEvent, folded: Int, width: Int) -> [TraceLine] {
        let indent = self.indent(event, width: width)
        let style = ShellTheme.style(for: event.role)
        let note = width >= locationWidth ? "\(folded) line\(folded == 1 ? "" : "s") folded" : nil
        let room = width - (note.map { DisplayWidth.of($0) + 1 } ?? 0)
        let text = indent + "⋯ " + event.detail
        if DisplayWidth.of(text) <= room { return [TraceLine(segments: [.init(text: text, style: style)], trailing: note)] }
        guard let colon = event.detail.firstRange(of: ": ") else { return [TraceLine(segments: [.init(text: text, style: style)])] }
        return [TraceLine(segments: [.init(text: indent + "⋯ " + event.detail[..<colon.lowerBound], style: style)], trailing: note),
                TraceLine(indent + "    " + event.detail[colon.upperBound...], style)]
    }

    /// An event on one row: the role's name from 40 columns on, the detail only where it fits
    /// whole, the location from 56.
    package static func line(for event: TraceEvent, width: Int) -> TraceLine {
        let style = ShellTheme.style(for: event.role)
        let indent = self.indent(event, width: width)
        var segments = [TraceLine.Segment(text: indent, style: style)]
        if width >= 40 {
            segments.append(roleName(event, indent: ""))
        }
        segments.append(TraceLine.Segment(text: event.call, style: style.with(.bold)))
        let used = segments.reduce(0) { $0 + DisplayWidth.of($1.text) }
        if !event.detail.isEmpty, used + 2 + DisplayWidth.of(event.detail, upTo: width) <= width {
            segments.append(TraceLine.Segment(text: "  " + event.detail, style: ShellTheme.detail))
        }
        return TraceLine(segments: segments, trailing: width >= locationWidth ? event.location : nil)
    }

    /// The calls alone, one per line (two when the column is narrow), with a rule where the key's
    /// synchronous handling had returned and what follows came later: the shape of an action,
    /// details left to the trace pane.
    package static func shape(of events: [TraceEvent], width: Int) -> [TraceLine] {
        var lines: [TraceLine] = []
        var wasAsync = false
        for event in events {
            if event.isAsync != wasAsync {
                let label = event.isAsync ? " ┄ later (async) ┄" : " ┄ in the key's handling ┄"
                lines.append(TraceLine(DisplayWidth.truncate(label, to: width), ShellTheme.detail))
            }
            wasAsync = event.isAsync
            let style = ShellTheme.style(for: event.role)
            let indent = String(repeating: " ", count: 1 + min(event.depth, width / 3))
            if DisplayWidth.of(indent + event.call) <= width {
                lines.append(TraceLine(indent + event.call, style))
            } else {
                lines.append(TraceLine(indent + event.type, style))
                lines.append(TraceLine(indent + " ." + event.bareMethod, style))
            }
        }
        return lines
    }

    /// One space, then the call depth: two columns a level, one in a pane too narrow to afford it,
    /// never more than a third of the width (a deep call still shows its name).
    private static func indent(_ event: TraceEvent, width: Int) -> String {
        String(repeating: " ", count: 1 + min(event.depth * (width < 50 ? 1 : 2), width / 3))
    }

    private static func roleName(_ event: TraceEvent, indent: String) -> TraceLine.Segment {
        TraceLine.Segment(text: indent + event.role.rawValue + " ", style: ShellTheme.style(for: event.role).with(.bold))
    }
}

/// The one "↓ N more" marker: on the last row of a scrolled list, at its right edge.
enum ScrollMarker {
    /// ` ↓ 3 more `, or with a hint ` ↓ 3 more · ↑↓ scroll `.
    static func text(remaining: Int, hint: String? = nil) -> String {
        " ↓ \(remaining) more " + (hint.map { "· \($0) " } ?? "")
    }

    /// Draws the marker when lines remain below; `inset` keeps it off a frame's corner.
    @MainActor
    static func draw(remaining: Int, in canvas: Canvas, hint: String? = nil, inset: Int = 0,
                     style: Style = ShellTheme.notice) {
        guard remaining > 0, canvas.size.height > 0 else { return }
        let text = DisplayWidth.truncate(Self.text(remaining: remaining, hint: hint), to: max(0, canvas.size.width - 2 * inset))
        let x = max(0, canvas.size.width - inset - DisplayWidth.of(text))
        canvas.draw(text, at: Point(x: x, y: canvas.size.height - 1), style: style)
    }
}
