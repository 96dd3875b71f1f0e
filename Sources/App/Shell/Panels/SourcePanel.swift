import CodeMetrics
import Mediator
import PatternVocabulary
import SourceCatalog
import Terminal
import Tracing
import Widgets

extension PanelID {
    /// Source (`s`): the code of the method behind each trace line.
    package static let source = PanelID("source")
}

/// The code behind the trace: the trace's lines with a cursor on one event (when the panel opens,
/// the pattern's own role method in the last action, `lessonEvent(in:)`) and the source of that
/// event's file — embedded in the binary at build time, so this works far from the checkout —
/// scrolled to the event's line, which is highlighted, with syntax colouring and a bar beside the
/// method the line is in, both from the index swift-syntax made of the file. ↑↓ step through the
/// events and the code follows.
///
/// The trace stays live: while the cursor is on the newest event (End) it moves on to each new one,
/// as `tail -f` does; anywhere else it stays on its event however the trace grows.
package struct SourcePanel: ShellPanel {
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
        /// What to notice about the code on show: its role's duty.
        var note: Rect
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
            note = Rect(x: 0, y: 1, width: width, height: min(1, max(0, height - 1)))
            let top = header.height + note.height
            let rest = max(0, height - top)
            isStacked = width < Self.sideBySideWidth
            if isStacked {
                let traceHeight = min(rest, max(3, rest / 3))
                let sourceHeight = max(0, rest - traceHeight - 1)
                source = Rect(x: 0, y: top, width: width, height: sourceHeight)
                divider = Rect(x: 0, y: top + sourceHeight, width: width, height: min(1, rest))
                trace = Rect(x: 0, y: top + 1 + sourceHeight, width: width, height: max(0, rest - sourceHeight - 1))
            } else {
                let traceWidth = min(max(width * 36 / 100, 30), 56)
                let sourceWidth = width - traceWidth - 1
                source = Rect(x: 0, y: top, width: sourceWidth, height: rest)
                divider = Rect(x: sourceWidth, y: top, width: 1, height: rest)
                trace = Rect(x: sourceWidth + 1, y: top, width: traceWidth, height: rest)
            }
        }
    }

    /// How far ← and → move the code.
    static let columnStep = 8

    /// The selected event, by its sequence number, which it keeps while the trace grows and trims;
    /// nil while the cursor follows the newest event.
    private(set) var selection: UInt64?
    /// Lines the code is scrolled from where the selected event puts it, and columns from the left;
    /// they belong to the event `offsetsEvent` and count as zero for any other.
    private(set) var sourceOffset = 0
    private(set) var column = 0
    private var offsetsEvent: UInt64?
    /// The first row of the trace column, once the cursor has moved; nil shows the newest rows.
    private var traceTop: Int?
    /// The lesson view (`v`): the trace's lines hidden, what is not the lesson folded, notes that
    /// name the articles' declarations (`LessonTable`).
    private(set) var isLessonView = false
    /// `u`: the unit test that exercises the selected event's type, shown in the code's place, or
    /// why there is none; nil shows the event's code.
    private(set) var unitTest: UnitTest?

    /// What `u` found for an event (by its sequence number).
    enum UnitTest: Equatable {
        case found(TestPlace, event: UInt64)
        case none(String, event: UInt64)
    }

    init() {}

    /// The pane with its cursor on the trace event with sequence number `event`.
    init(selecting event: UInt64) {
        selection = event
    }

    /// The pane as `s` opens it: the cursor on the pattern's own lesson in the newest action that
    /// has one (`lessonEvent(in:)`), else on the newest event, following it.
    @MainActor
    init(opening trace: TraceBuffer) {
        let entries = trace.entries
        guard let lesson = Self.lessonEvent(in: entries),
              lesson.sequence != entries.last(where: { !$0.events.isEmpty })?.events.last?.sequence else { return }
        selection = lesson.sequence
    }

    /// The event `s` opens on: in the newest action with one, the first event of the pattern's own
    /// code (its target, not the widgets, the shared model or the network layer) past the view — the
    /// controller, presenter, view model or interactor that decides, where the patterns differ —
    /// or, if the action reached none, its first own event (a view's method).
    static func lessonEvent(in entries: [TraceBuffer.Entry]) -> TraceEvent? {
        for entry in entries.reversed() {
            let own = entry.events.filter(isPatternsOwn)
            if let event = own.first(where: { $0.role.layer > 0 }) ?? own.first { return event }
        }
        return nil
    }

    /// An event of the pattern's own code: its file is in the pattern's target (`MVP/…`; the trace
    /// names files by `#fileID`, whose first part is the target) and its role is not a shared layer's.
    static func isPatternsOwn(_ event: TraceEvent) -> Bool {
        event.file.hasPrefix(event.pattern + "/") && !TraceFilter.sharedRoles.contains(event.role)
    }

    /// The trace as rows, and which rows are events (what ↑↓ step through).
    struct TraceRows {
        var rows: [Row] = []
        var eventRows: [Int] = []

        init(_ trace: TraceBuffer) {
            for entry in trace.entries where !entry.events.isEmpty {
                rows.append(.action(entry.action))
                for event in entry.events {
                    eventRows.append(rows.count)
                    rows.append(.event(event))
                }
            }
        }

        func event(at index: Int) -> TraceEvent {
            guard case .event(let event) = rows[eventRows[index]] else { preconditionFailure("eventRows lists events only") }
            return event
        }
    }

    /// The index in `eventRows` of the event under the cursor: the newest while following, else the
    /// selected one — or, if it was trimmed away with the oldest actions, the oldest one left.
    private func selectedIndex(in trace: TraceRows) -> Int? {
        guard !trace.eventRows.isEmpty else { return nil }
        guard let selection else { return trace.eventRows.count - 1 }
        return trace.eventRows.indices.first { trace.event(at: $0).sequence == selection } ?? 0
    }

    /// The event under the cursor.
    @MainActor
    func selectedEvent(in trace: TraceBuffer) -> TraceEvent? {
        let rows = TraceRows(trace)
        return selectedIndex(in: rows).map(rows.event(at:))
    }

    /// The code's scroll for `event`: what the keys set, if they set it for this event.
    private func offsets(for event: TraceEvent) -> (lines: Int, columns: Int) {
        offsetsEvent == event.sequence ? (sourceOffset, column) : (0, 0)
    }

    func title(in context: PanelContext) -> String {
        selectedEvent(in: context.trace).map { "Source · \($0.location)" } ?? "Source"
    }

    // MARK: - Keys

    mutating func handle(_ key: Key, in context: PanelContext) -> PanelKeyResult {
        // Keys that are not the panel's cost nothing: the trace is read only for the panel's own.
        guard let command = Keymap.command(for: key, in: id) else { return .shellKeysPass(key) }
        let trace = TraceRows(context.trace)
        let layout = Layout(size: context.size)
        switch command {
        case .close:
            return .close
        case .step:
            guard let index = selectedIndex(in: trace) else { return .consumed }
            let page = max(1, layout.trace.height - 1)
            let target: Int = switch key {
            case .up: index - 1
            case .down: index + 1
            case .pageUp: index - page
            case .pageDown: index + page
            case .home: 0
            default: trace.eventRows.count - 1
            }
            select(min(max(0, target), trace.eventRows.count - 1), from: index, in: trace, height: layout.trace.height)
        case .scrollCode(let up):
            scrollCode(by: (up ? -1 : 1) * max(1, max(1, layout.source.height) / 2), horizontally: 0,
                       trace: trace, context: context, layout: layout)
        case .shiftCode(let left):
            scrollCode(by: 0, horizontally: left ? -Self.columnStep : Self.columnStep,
                       trace: trace, context: context, layout: layout)
        case .toggleLessonView:
            isLessonView.toggle()
            sourceOffset = 0
            column = 0
        case .toggleUnitTest:
            guard unitTest == nil, let index = selectedIndex(in: trace) else {
                unitTest = nil
                break
            }
            unitTest = Self.unitTest(for: trace.event(at: index))
            sourceOffset = 0
            column = 0
        default:
            return .shellKeysPass(key)
        }
        return .consumed
    }

    /// Moves the cursor to the event at `index`; the code follows it, the trace column keeps it in view.
    private mutating func select(_ index: Int, from current: Int, in trace: TraceRows, height: Int) {
        let event = trace.event(at: index)
        if index != current {
            sourceOffset = 0
            column = 0
            unitTest = nil
        }
        offsetsEvent = event.sequence
        selection = index == trace.eventRows.count - 1 ? nil : event.sequence
        traceTop = top(of: trace, selectedRow: trace.eventRows[index], height: height)
    }

    @MainActor
    private mutating func scrollCode(by lines: Int, horizontally columns: Int, trace: TraceRows, context: PanelContext,
                                     layout: Layout) {
        guard let index = selectedIndex(in: trace) else { return }
        let event = trace.event(at: index)
        let current = offsets(for: event)
        offsetsEvent = event.sequence
        sourceOffset = current.lines + lines
        column = max(0, current.columns + columns)
        let shown = shownCode(for: event)
        // Kept in range here, so the next key starts from what the screen shows.
        if let view = CodeView(event: shown, listing: context.sources.listing(for: shown.file), lesson: isLessonView,
                               size: layout.source.size, offset: sourceOffset) {
            sourceOffset = view.offset
            column = min(column, view.maxColumn)
        }
    }

    /// The unit test `u` shows for `event`: of the tests that ran and exercise its type (the
    /// metrics' attribution, `TestAttribution`), the first that names its method, else the first.
    static func unitTest(for event: TraceEvent) -> UnitTest {
        guard let pattern = PatternID.allCases.first(where: { $0.name == event.pattern }), isPatternsOwn(event) else {
            return .none("\(event.type) is not \(event.pattern)'s own code: no unit test of the pattern exercises it.",
                         event: event.sequence)
        }
        let tests = PatternMetrics(pattern: pattern, files: SourceCatalog.files).testsByType[event.type] ?? []
        let method = String(event.method.prefix { $0 != "(" })
        let naming = tests.first { test in
            SourceCatalog.file(path: test.path).map { file in
                let lines = file.lines
                return test.lines.contains { $0 <= lines.count && lines[$0 - 1].contains(method) }
            } ?? false
        }
        guard let test = naming ?? tests.first else {
            return .none("No unit test of \(pattern.name) that ran exercises \(event.type).", event: event.sequence)
        }
        return .found(test, event: event.sequence)
    }

    /// What the code column shows for `event`: the event itself, or where `u` found its test.
    private func shownCode(for event: TraceEvent) -> TraceEvent {
        guard case .found(let test, event.sequence)? = unitTest else { return event }
        var shown = event
        shown.file = test.fileID
        shown.line = test.lines.lowerBound
        return shown
    }

    /// The first row of the trace column: where the keys left it (the newest rows before), moved
    /// just enough to show the selected row — with its action's header when it is the first event.
    private func top(of trace: TraceRows, selectedRow: Int?, height: Int) -> Int {
        var top = traceTop ?? max(0, trace.rows.count - height)
        if let selectedRow {
            let wanted = selectedRow > 0 && trace.rows[selectedRow - 1].isAction ? selectedRow - 1 : selectedRow
            if wanted < top { top = wanted }
            if selectedRow >= top + height { top = selectedRow - height + 1 }
        }
        return min(max(0, top), max(0, trace.rows.count - height))
    }

    // MARK: - Drawing

    func draw(into canvas: Canvas, context: PanelContext) {
        canvas.screen.setCursor(nil)  // the module's text field is hidden under the panel
        let trace = TraceRows(context.trace)
        let event = selectedIndex(in: trace).map(trace.event(at:))
        let shown = event.map(shownCode(for:))
        let listing = shown.flatMap { context.sources.listing(for: $0.file) }
        let layout = Layout(size: canvas.size)
        var path = shown.map { listing?.file.path ?? $0.file } ?? ""
        if let event, shown != event {
            path += " · the test of \(event.type).\(event.method.prefix { $0 != "(" })"
        } else if isLessonView, !path.isEmpty {
            path += " · lesson view"
        }
        drawHeader(path: path, in: canvas.subcanvas(layout.header))
        if let event {
            PanelNote.line(Self.note(for: event, roles: context.roles, pattern: context.pattern), width: layout.note.width)
                .draw(row: 0, in: canvas.subcanvas(layout.note))
        }
        if let event, case .none(let why, event.sequence)? = unitTest {
            TextWrapping.lines(of: why, width: max(1, layout.source.width - 2)).prefix(layout.source.height).enumerated()
                .forEach { canvas.subcanvas(layout.source).draw(" " + $1, at: Point(x: 0, y: $0), style: ShellTheme.notice) }
        } else {
            drawSource(event: shown, listing: listing, in: canvas.subcanvas(layout.source))
        }
        if layout.isStacked {
            let rule = canvas.subcanvas(layout.divider)
            rule.draw(String(repeating: "─", count: layout.divider.width), at: .zero, style: ShellTheme.rule)
            rule.draw(" Trace ", at: Point(x: 1, y: 0), style: ShellTheme.paneTitle)
        } else {
            for row in 0..<layout.divider.height {
                canvas.draw("│", at: Point(x: layout.divider.minX, y: layout.divider.minY + row), style: ShellTheme.rule)
            }
        }
        drawTrace(trace, in: canvas.subcanvas(layout.trace))
    }

    /// What to notice in the code on show: the duty its pattern gives the selected event's type
    /// (the pattern's own role table, `RoleDuty`); for a type the table does not name, only what
    /// the trace says of it, its role and whose code it is.
    static func note(for event: TraceEvent, roles: [RoleDuty], pattern: PatternID) -> String {
        let role = event.role.noun
        // `AppState / Person, API managers`: the table may name several types for a role.
        func names(_ typeName: String) -> [String] {
            typeName.split(whereSeparator: { $0 == "/" || $0 == "," }).map { name in
                String(name.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
            }
        }
        if event.pattern == pattern.name,
           let duty = roles.first(where: { $0.role == event.role && names($0.typeName).contains(event.type) }) {
            return "\(event.type), the \(role): \(duty.duty)"
        }
        if let owner = PatternID.allCases.first(where: { event.file.hasPrefix($0.rawValue + "/") }) {
            return "\(event.type) plays the \(role) in \(owner.name)"
        }
        let folder = event.file.split(separator: "/").first.map(String.init) ?? event.file
        return "\(event.type) (\(role)) is \(folder) code, the same under all four patterns"
    }

    private static let hints = [Keymap.hint(for: .source), Keymap.hint(for: .source, short: true)]

    /// The file's path on the left (its start cut when it must be), the keys on the right.
    @MainActor
    private func drawHeader(path: String, in canvas: Canvas) {
        let width = canvas.size.width
        guard width > 0 else { return }
        let pathWidth = DisplayWidth.of(path)
        // The longest hint that leaves the whole path room; else the short one, if the path keeps some.
        let hint = Self.hints.first { DisplayWidth.of($0) + pathWidth + 3 <= width }
            ?? Self.hints.dropFirst().first { DisplayWidth.of($0) + min(pathWidth, 20) + 3 <= width } ?? ""
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

    /// Where the code of an event is scrolled to in an area of a given size: pure, so the keys
    /// and the drawing agree on it. It counts rows of the code column: a line each in the plain
    /// view; in the lesson view hidden lines take none and a fold takes one.
    struct CodeView {
        /// The code column's rows (`SourceListing.rows(lesson:)`).
        var rows: [CodeRow]
        /// The row of the event's line: in the lesson view, where its hidden trace line is, the
        /// first row after it.
        var eventRow: Int
        /// The rows of the declaration (method, initialiser, accessor) the event's line is in, from the index.
        var method: ClosedRange<Int>?
        /// The first row shown; `offset` is how far that is from where the event puts it.
        var top: Int
        var offset: Int
        var visible: Range<Int>
        /// The width of the number column with its marker and the method's bar.
        var gutter: Int
        var digits: Int
        var codeWidth: Int
        /// How far right the code can be shifted: until its longest visible line's end shows.
        var maxColumn: Int

        init?(event: TraceEvent, listing: SourceListing?, lesson: Bool = false, size: Size, offset wanted: Int) {
            let width = size.width, height = size.height
            guard width > 0, height > 0, let listing, listing.lineCount > 0,
                  (1...listing.lineCount).contains(event.line) else { return nil }
            rows = listing.rows(lesson: lesson)
            let rows = rows
            guard let eventRow = rows.firstIndex(where: { $0.lines.upperBound >= event.line }) else { return nil }
            self.eventRow = eventRow
            digits = max(3, String(listing.lineCount).count)
            gutter = digits + 3  // the marker, the number, a space, the method's bar
            codeWidth = max(0, width - gutter)
            method = listing.enclosingBlock(ofLine: event.line).flatMap { lines in
                let inside = rows.indices.filter { lines.overlaps(rows[$0].lines) }
                return inside.first.map { $0...inside[inside.count - 1] }
            }
            // The traced line is a method's first: a few lines above it (the signature, its comment),
            // the rest of the screen for the body below — all of the method when it fits.
            let above = min(8, height / 3)
            let maxTop = max(0, rows.count - height)
            var anchor = eventRow - above
            if let method, method.count <= height, method.upperBound >= anchor + height {
                anchor = min(method.lowerBound, method.upperBound + 1 - height)
            }
            anchor = min(max(0, anchor), maxTop)
            top = min(max(0, anchor + wanted), maxTop)
            offset = top - anchor
            visible = top..<min(rows.count, top + height)
            let longest = visible.map { row in
                if case .line(let number) = rows[row] { DisplayWidth.of(listing.lines[number - 1]) } else { 0 }
            }.max() ?? 0
            maxColumn = longest > codeWidth ? longest - codeWidth + 1 : 0
        }
    }

    @MainActor
    private func drawSource(event: TraceEvent?, listing: SourceListing?, in canvas: Canvas) {
        let width = canvas.size.width, height = canvas.size.height
        guard width > 0, height > 0 else { return }
        func say(_ message: String, _ style: Style) {
            for (row, line) in TextWrapping.lines(of: message, width: max(1, width - 2)).prefix(height).enumerated() {
                canvas.draw(" " + line, at: Point(x: 0, y: row), style: style)
            }
        }
        guard let event else {
            say("Nothing is traced yet. Close this (s), press a key in the screen, then open it again.", ShellTheme.detail)
            return
        }
        guard let listing else {
            say("No source for \(event.file): it is not built into mvx.", ShellTheme.notice)
            return
        }
        let scrolled = offsets(for: event)
        guard let view = CodeView(event: event, listing: listing, lesson: isLessonView, size: canvas.size,
                                  offset: scrolled.lines) else {
            say("\(listing.file.name) has \(listing.lineCount) lines; the trace names line \(event.line).", ShellTheme.notice)
            return
        }
        let column = min(scrolled.columns, view.maxColumn)
        let codeWidth = view.codeWidth
        let notes = isLessonView ? listing.lessonLayout.notes : [:]
        for (y, index) in view.visible.enumerated() {
            let row = view.rows[index]
            let traced = index == view.eventRow
            let label = String(row.lines.lowerBound)
            let gutterText = (traced ? "▶" : " ") + String(repeating: " ", count: view.digits - label.count) + label + " "
            canvas.draw(gutterText, at: Point(x: 0, y: y), style: traced ? ShellTheme.tracedLineNumber : ShellTheme.lineNumber)
            if view.method?.contains(index) == true {
                canvas.draw("│", at: Point(x: view.gutter - 1, y: y), style: ShellTheme.methodBar)
            }
            let code = canvas.subcanvas(Rect(x: view.gutter, y: y, width: codeWidth, height: 1))
            if traced { code.fill(Rect(x: 0, y: 0, width: codeWidth, height: 1), style: ShellTheme.tracedLine) }
            guard case .line(let number) = row else {
                // A fold: where its code starts, what it hides and how much.
                let lines = row.lines
                let indent = listing.lines[lines.lowerBound - 1].prefix { $0 == " " }.count
                let count = lines.count == 1 ? "1 line" : "\(lines.count) lines"
                if case .fold(let what, _) = row {
                    code.draw("⋯ \(what) (\(count))", at: Point(x: indent - column, y: 0),
                              style: traced ? ShellTheme.tracedLine : ShellTheme.detail)
                }
                continue
            }
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
            // A margin note goes at the column's right edge, where the line leaves it room.
            if let note = notes[number] {
                let noteWidth = DisplayWidth.of(note)
                let end = DisplayWidth.of(text) - column
                if end + 2 + noteWidth <= codeWidth {
                    code.draw(note, at: Point(x: codeWidth - noteWidth, y: 0),
                              style: traced ? ShellTheme.tracedLine : ShellTheme.location)
                }
            }
        }
    }

    @MainActor
    private func drawTrace(_ trace: TraceRows, in canvas: Canvas) {
        let width = canvas.size.width, height = canvas.size.height
        guard width > 0, height > 0 else { return }
        guard !trace.rows.isEmpty else {
            canvas.draw(" Nothing traced yet", at: .zero, style: ShellTheme.detail)
            return
        }
        let selectedRow = selectedIndex(in: trace).map { trace.eventRows[$0] }
        let top = top(of: trace, selectedRow: selectedRow, height: height)
        for (offset, row) in trace.rows[top..<min(trace.rows.count, top + height)].enumerated() {
            switch row {
            case .action(let action):
                TraceLines.header(for: action).draw(row: offset, in: canvas)
            case .event(let event):
                let highlight = top + offset == selectedRow ? ShellTheme.style(for: event.role).with(.reverse) : nil
                TraceLines.line(for: event, width: width).draw(row: offset, in: canvas, highlight: highlight)
            }
        }
    }
}

extension SourcePanel.Row {
    var isAction: Bool {
        if case .action = self { return true }
        return false
    }
}
