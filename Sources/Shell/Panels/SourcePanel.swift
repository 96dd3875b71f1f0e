import SourceCatalog
import Terminal
import Tracing

extension PanelID {
    /// Source (`s`): the code of the method behind each trace line.
    public static let source = PanelID("source")
}

/// The code behind the trace: the trace's lines with a cursor on one event (the newest when the
/// panel opens) and the source of that event's file — embedded in the binary at build time, so this
/// works far from the checkout — scrolled to the event's line, which is highlighted, with light
/// syntax colouring and a bar beside the method the line is in. ↑↓ step through the events and
/// the code follows.
///
/// The trace stays live: while the cursor is on the newest event it moves on to each new one, as
/// `tail -f` does; anywhere else it stays on its event however the trace grows.
@MainActor
final class SourcePanel: ShellPanel {
    let id = PanelID.source
    let placement = PanelPlacement.body

    /// A line of the trace column: an action's header or one of its events.
    enum Row: Equatable {
        case action(TraceAction)
        case event(TraceEvent)
    }

    /// Where the parts go in the body: the code beside the trace when the terminal is wide, above it
    /// when it is not (code needs width more than the trace does).
    struct Layout: Equatable {
        /// The file's path and the panel's keys.
        var header: Rect
        var source: Rect
        var trace: Rect
        /// The rule between code and trace: a column beside, a row (titled Trace) when stacked.
        var divider: Rect
        var isStacked: Bool

        /// From this width on, code and trace sit side by side.
        static let sideBySideWidth = 100

        init(size: Size) {
            let width = max(0, size.width), height = max(0, size.height)
            header = Rect(x: 0, y: 0, width: width, height: min(1, height))
            let rest = max(0, height - 1)
            isStacked = width < Self.sideBySideWidth
            if isStacked {
                let traceHeight = min(rest, max(3, rest / 3))
                let sourceHeight = max(0, rest - traceHeight - 1)
                source = Rect(x: 0, y: 1, width: width, height: sourceHeight)
                divider = Rect(x: 0, y: 1 + sourceHeight, width: width, height: min(1, rest))
                trace = Rect(x: 0, y: 2 + sourceHeight, width: width, height: max(0, rest - sourceHeight - 1))
            } else {
                let traceWidth = min(max(width * 36 / 100, 30), 56)
                let sourceWidth = width - traceWidth - 1
                source = Rect(x: 0, y: 1, width: sourceWidth, height: rest)
                divider = Rect(x: sourceWidth, y: 1, width: 1, height: rest)
                trace = Rect(x: sourceWidth + 1, y: 1, width: traceWidth, height: rest)
            }
        }
    }

    /// How far ← and → move the code.
    static let columnStep = 8

    private let traceBuffer: TraceBuffer
    private(set) var rows: [Row] = []
    /// The indices in `rows` of the events, in order: what ↑↓ step through.
    private var eventRows: [Int] = []
    private var seenVersion = -1
    /// The selected event, by its sequence number, which it keeps while the trace grows and trims.
    private var selection: UInt64?
    /// The selected event's index in `eventRows`.
    private var selectedIndex: Int?
    /// True while the cursor is on the newest event: then it moves on to each new one.
    private var followsNewest = true
    private var traceTop: Int?
    private var tracePage = 1
    private var sourcePage = 1
    /// Lines the code is scrolled from where the selected event puts it, and columns from the left.
    private(set) var sourceOffset = 0
    private(set) var column = 0
    private var listings: [String: SourceListing] = [:]

    /// - Parameter traceBuffer: the trace the shell records, read live.
    init(traceBuffer: TraceBuffer) {
        self.traceBuffer = traceBuffer
        refresh()
    }

    /// `Source · GreetingPresenter.swift:42`: where the selected event ran.
    var title: String {
        selectedEvent.map { "Source · \($0.location)" } ?? "Source"
    }

    /// The event under the cursor.
    var selectedEvent: TraceEvent? {
        guard let selectedIndex, case .event(let event) = rows[eventRows[selectedIndex]] else { return nil }
        return event
    }

    /// The file the selected event names, prepared for showing (nil when it is not embedded).
    var selectedListing: SourceListing? {
        selectedEvent.flatMap { listing(for: $0.file) }
    }

    // MARK: - Keys

    func handle(_ key: Key) -> PanelKeyResult {
        refresh()
        switch key {
        case .escape, .character("s"): return .close
        case .up: select(selectedIndex.map { $0 - 1 })
        case .down: select(selectedIndex.map { $0 + 1 })
        case .pageUp: select(selectedIndex.map { $0 - max(1, tracePage - 1) })
        case .pageDown: select(selectedIndex.map { $0 + max(1, tracePage - 1) })
        case .home: select(0)
        case .end: select(eventRows.count - 1)
        case .character("["): sourceOffset -= max(1, sourcePage / 2)
        case .character("]"): sourceOffset += max(1, sourcePage / 2)
        case .left: column = max(0, column - Self.columnStep)
        case .right: column += Self.columnStep
        default:
            return .shellKeysPass(key)
        }
        return .handled
    }

    /// Moves the cursor to the event at `index` (clamped); the code follows it.
    private func select(_ index: Int?) {
        guard let index, !eventRows.isEmpty else { return }
        let clamped = min(max(0, index), eventRows.count - 1)
        if clamped != selectedIndex {
            sourceOffset = 0
            column = 0
        }
        selectedIndex = clamped
        selection = event(at: clamped).sequence
        followsNewest = clamped == eventRows.count - 1
    }

    private func event(at index: Int) -> TraceEvent {
        guard case .event(let event) = rows[eventRows[index]] else { preconditionFailure("eventRows lists events only") }
        return event
    }

    /// Rebuilds the rows when the trace changed, keeping the cursor on its event.
    private func refresh() {
        let version = traceBuffer.version
        guard version != seenVersion else { return }
        seenVersion = version
        rows = []
        eventRows = []
        for entry in traceBuffer.entries where !entry.events.isEmpty {
            rows.append(.action(entry.action))
            for event in entry.events {
                eventRows.append(rows.count)
                rows.append(.event(event))
            }
        }
        guard !eventRows.isEmpty else {
            selectedIndex = nil
            selection = nil
            return
        }
        // Following: the newest. Otherwise the same event — or, if it was trimmed away with the
        // oldest actions, the oldest one left.
        let kept = followsNewest ? nil : eventRows.indices.first { event(at: $0).sequence == selection }
        let index = kept ?? (followsNewest ? eventRows.count - 1 : 0)
        let sequence = event(at: index).sequence
        if sequence != selection {
            sourceOffset = 0
            column = 0
        }
        selectedIndex = index
        selection = sequence
    }

    private func listing(for fileID: String) -> SourceListing? {
        if let listing = listings[fileID] { return listing }
        guard let file = SourceCatalog.file(fileID: fileID) else { return nil }
        let listing = SourceListing(file: file)
        listings[fileID] = listing
        return listing
    }

    // MARK: - Drawing

    func draw(in canvas: Canvas) {
        canvas.screen.setCursor(nil)  // the module's text field is hidden under the panel
        refresh()
        let layout = Layout(size: canvas.size)
        drawHeader(in: canvas.subcanvas(layout.header))
        drawSource(in: canvas.subcanvas(layout.source))
        if layout.isStacked {
            let rule = canvas.subcanvas(layout.divider)
            rule.draw(String(repeating: "─", count: layout.divider.width), at: .zero, style: ShellTheme.rule)
            rule.draw(" Trace ", at: Point(x: 1, y: 0), style: ShellTheme.paneTitle)
        } else {
            for row in 0..<layout.divider.height {
                canvas.draw("│", at: Point(x: layout.divider.minX, y: layout.divider.minY + row), style: ShellTheme.rule)
            }
        }
        drawTrace(in: canvas.subcanvas(layout.trace))
    }

    private static let hints = ["↑↓ PgUp PgDn Home End step · [ ] ←→ scroll the code · s/Esc close ",
                                "↑↓ step · [ ] ←→ scroll · s close "]

    /// The file's path on the left (its start cut when it must be), the keys on the right.
    private func drawHeader(in canvas: Canvas) {
        let width = canvas.size.width
        guard width > 0 else { return }
        let path = selectedEvent.map { selectedListing?.file.path ?? $0.file } ?? ""
        let pathWidth = DisplayWidth.of(path)
        // The longest hint that leaves the whole path room; else the short one, if the path keeps some.
        let hint = Self.hints.first { DisplayWidth.of($0) + pathWidth + 3 <= width }
            ?? Self.hints.dropFirst().first { DisplayWidth.of($0) + min(pathWidth, 24) + 3 <= width } ?? ""
        let room = width - DisplayWidth.of(hint) - 2
        if room > 0 {
            canvas.draw(" " + Self.keepingEnd(of: path, width: room), at: .zero, style: ShellTheme.location)
        }
        if !hint.isEmpty {
            canvas.draw(hint, at: Point(x: width - DisplayWidth.of(hint), y: 0), style: ShellTheme.keyLabel)
        }
    }

    /// `text`, or as much of its end as fits in `width` after a leading `…`.
    static func keepingEnd(of text: String, width: Int) -> String {
        guard width > 0 else { return "" }
        guard DisplayWidth.of(text) > width else { return text }
        var kept = ""
        var used = 1
        for character in text.reversed() {
            let characterWidth = DisplayWidth.of(character)
            if used + characterWidth > width { break }
            kept.insert(character, at: kept.startIndex)
            used += characterWidth
        }
        return "…" + kept
    }

    private func drawSource(in canvas: Canvas) {
        let width = canvas.size.width, height = canvas.size.height
        sourcePage = max(1, height)
        guard width > 0, height > 0 else { return }
        func say(_ message: String, _ style: Style) {
            for (row, line) in TextWrap.lines(message, width: max(1, width - 2)).prefix(height).enumerated() {
                canvas.draw(" " + line, at: Point(x: 0, y: row), style: style)
            }
        }
        guard let event = selectedEvent else {
            say("Nothing is traced yet. Close this (s), press a key in the screen, then open it again.", ShellTheme.detail)
            return
        }
        guard let listing = listing(for: event.file) else {
            say("No source for \(event.file): it is not built into mvx.", ShellTheme.notice)
            return
        }
        guard listing.lineCount > 0, (1...listing.lineCount).contains(event.line) else {
            say("\(listing.file.name) has \(listing.lineCount) lines; the trace names line \(event.line).", ShellTheme.notice)
            return
        }

        let digits = max(3, String(listing.lineCount).count)
        let gutter = digits + 3  // the marker, the number, a space, the method's bar
        let codeWidth = max(0, width - gutter)
        let method = listing.enclosingBlock(ofLine: event.line)
        // The traced line is a method's first: a few lines above it (the signature, its comment),
        // the rest of the screen for the body below — all of the method when it fits.
        let above = min(8, height / 3)
        let maxTop = max(0, listing.lineCount - height)
        var anchor = event.line - 1 - above
        if let method, method.count <= height, method.upperBound > anchor + height {
            anchor = min(method.lowerBound - 1, method.upperBound - height)
        }
        anchor = min(max(0, anchor), maxTop)
        let top = min(max(0, anchor + sourceOffset), maxTop)
        sourceOffset = top - anchor
        let numbers = (top + 1)...min(listing.lineCount, top + height)
        let longest = numbers.map { DisplayWidth.of(listing.lines[$0 - 1]) }.max() ?? 0
        column = min(column, longest > codeWidth ? longest - codeWidth + 1 : 0)

        for (row, number) in numbers.enumerated() {
            let traced = number == event.line
            let label = String(number)
            let gutterText = (traced ? "▶" : " ") + String(repeating: " ", count: digits - label.count) + label + " "
            canvas.draw(gutterText, at: Point(x: 0, y: row), style: traced ? ShellTheme.tracedLineNumber : ShellTheme.lineNumber)
            if method?.contains(number) == true {
                canvas.draw("│", at: Point(x: gutter - 1, y: row), style: ShellTheme.methodBar)
            }
            let code = canvas.subcanvas(Rect(x: gutter, y: row, width: codeWidth, height: 1))
            if traced { code.fill(Rect(x: 0, y: 0, width: codeWidth, height: 1), style: ShellTheme.tracedLine) }
            var x = -column
            for token in listing.tokens(ofLine: number) {
                guard x < codeWidth else { break }
                let tokenWidth = DisplayWidth.of(token.text)
                if x + tokenWidth > 0 {
                    code.draw(token.text, at: Point(x: x, y: 0),
                              style: traced ? ShellTheme.tracedLine : ShellTheme.style(for: token.kind))
                }
                x += tokenWidth
            }
            // Cut ends say so.
            let text = listing.lines[number - 1]
            let cutStyle = traced ? ShellTheme.tracedLine : ShellTheme.lineNumber
            if DisplayWidth.of(text) - column > codeWidth {
                code.draw("…", at: Point(x: codeWidth - 1, y: 0), style: cutStyle)
            }
            if column > 0, text.prefix(column).contains(where: { !$0.isWhitespace }) {
                code.draw("…", at: .zero, style: cutStyle)
            }
        }
    }

    private func drawTrace(in canvas: Canvas) {
        let width = canvas.size.width, height = canvas.size.height
        tracePage = max(1, height)
        guard width > 0, height > 0 else { return }
        guard !rows.isEmpty else {
            canvas.draw(" Nothing traced yet", at: .zero, style: ShellTheme.detail)
            return
        }
        var top = traceTop ?? max(0, rows.count - height)
        let selectedRow = selectedIndex.map { eventRows[$0] }
        if let selectedRow {
            // An action's first event brings its header into view with it.
            let wanted = selectedRow > 0 && rows[selectedRow - 1].isAction ? selectedRow - 1 : selectedRow
            if wanted < top { top = wanted }
            if selectedRow >= top + height { top = selectedRow - height + 1 }
        }
        top = min(max(0, top), max(0, rows.count - height))
        traceTop = top
        for (offset, row) in rows[top..<min(rows.count, top + height)].enumerated() {
            var highlight: Style?
            if top + offset == selectedRow, case .event(let event) = row {
                highlight = ShellTheme.style(for: event.role).with(.reverse)
            }
            TracePane.draw(Self.line(for: row, width: width), row: offset, in: canvas, highlight: highlight)
        }
    }

    /// A row as the trace pane writes it, on one line: indented and coloured by role; the role's
    /// name, the detail and the location as the width allows.
    static func line(for row: Row, width: Int) -> TracePane.Line {
        switch row {
        case .action(let action):
            var segments = [TracePane.Segment(text: "▸ " + action.label, style: ShellTheme.actionHeader)]
            if !action.pattern.isEmpty {
                segments.append(TracePane.Segment(text: " · " + action.pattern, style: ShellTheme.detail))
            }
            return TracePane.Line(segments: segments, trailing: nil)
        case .event(let event):
            let style = ShellTheme.style(for: event.role)
            let indent = String(repeating: " ", count: 1 + event.depth * (width < 50 ? 1 : 2))
            var segments = [TracePane.Segment(text: indent, style: style)]
            if width >= 40 {
                segments.append(TracePane.Segment(text: event.role.rawValue + " ", style: style.with(.bold)))
            }
            segments.append(TracePane.Segment(text: event.call, style: style))
            // The detail only where it fits whole: the call is what the cursor walks along.
            let used = segments.reduce(0) { $0 + DisplayWidth.of($1.text) }
            if !event.detail.isEmpty, used + 2 + DisplayWidth.of(event.detail) <= width {
                segments.append(TracePane.Segment(text: "  " + event.detail, style: ShellTheme.detail))
            }
            return TracePane.Line(segments: segments, trailing: width >= 56 ? event.location : nil)
        }
    }
}

extension SourcePanel.Row {
    var isAction: Bool {
        if case .action = self { return true }
        return false
    }
}
