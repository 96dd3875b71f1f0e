import PatternVocabulary
import Terminal
import Tracing
import Widgets

/// Compare's pair view (`v`): the last action in two patterns, the one on show on the left, aligned
/// role by role along their replayed call paths (`PathAlignment`), and under the rows the code of
/// the selected step's role method on each side, as the source pane's lesson view shows it
/// (trace lines hidden, what is not the lesson folded). ↑↓ select a step, ←→ change the right-hand
/// pattern. It reads the replays compare already made, so changing the partner replays nothing.
struct ComparePair: Equatable, Sendable {
    /// The right-hand pattern.
    private(set) var right: PatternID
    /// The selected row; nil: the row of the left pattern's own deciding step (`defaultRow`).
    private(set) var selection: Int?

    /// The pattern each is best read against, a teacher's choice: MVP against MVVM (the presenter
    /// tells the view, the binding does) and back; MVC and VIPER against MVP (the controller split
    /// into view and presenter; the presenter split into presenter and interactor).
    static let partners: [PatternID: PatternID] = [.mvc: .mvp, .mvp: .mvvm, .mvvm: .mvp, .viper: .mvp]

    /// The pair for `left`, its partner on the right when compare replayed it, else the first other.
    init?(left: PatternID, columns: [ComparedAction]) {
        let others = columns.map(\.pattern).filter { $0 != left }
        guard let first = others.first else { return nil }
        right = Self.partners[left].flatMap { others.contains($0) ? $0 : nil } ?? first
    }

    /// ←→: the next or previous other pattern on the right.
    mutating func cycle(forward: Bool, left: PatternID, columns: [ComparedAction]) {
        let others = columns.map(\.pattern).filter { $0 != left }
        guard let index = others.firstIndex(of: right) ?? others.indices.first else { return }
        right = others[(index + (forward ? 1 : others.count - 1)) % others.count]
        selection = nil
    }

    /// ↑↓ PgUp PgDn Home End through the rows.
    mutating func step(_ key: Key, rows: Int, page: Int, current: Int) {
        guard rows > 0 else { return }
        let target: Int = switch key {
        case .up: current - 1
        case .down: current + 1
        case .pageUp: current - max(1, page)
        case .pageDown: current + max(1, page)
        case .home: 0
        default: rows - 1
        }
        selection = min(max(0, target), rows - 1)
    }

    // MARK: - What it shows

    /// The two paths and their rows, computed from compare's replays.
    struct Aligned {
        var left: ComparedAction
        var right: ComparedAction
        var leftEvents: [TraceEvent]
        var rightEvents: [TraceEvent]
        var steps: [PathAlignment.Step]

        init(left: ComparedAction, right: ComparedAction) {
            self.left = left
            self.right = right
            leftEvents = left.entry?.events ?? []
            rightEvents = right.entry?.events ?? []
            steps = PathAlignment.align(leftEvents, rightEvents)
        }

        /// `Presenter GreetingPresenter.showGreeting ↔ ViewModel GreetingViewModel.showGreeting`,
        /// `— ↔ …` where a side has no step: each row as text (tests read it).
        var rowTexts: [String] {
            steps.map { step in
                let left = step.left.map { "\(leftEvents[$0].role.rawValue) \(leftEvents[$0].call)" } ?? "—"
                let right = step.right.map { "\(rightEvents[$0].role.rawValue) \(rightEvents[$0].call)" } ?? "—"
                return left + " ↔ " + right
            }
        }

        /// The row `v` opens on: the left pattern's own deciding step (the one `s` opens on), else
        /// the first where the paths part, else the first.
        var defaultRow: Int {
            let lesson = left.entry.flatMap { SourcePanel.lessonEvent(in: [$0]) }
            return steps.firstIndex { step in step.left.map { leftEvents[$0] } == lesson && lesson != nil }
                ?? steps.firstIndex { $0.left == nil || $0.right == nil } ?? 0
        }

        /// What to notice: how many steps pair, and each side's lone steps.
        var note: String {
            let paired = steps.filter { $0.left != nil && $0.right != nil }.count
            func lone(_ side: KeyPath<PathAlignment.Step, Int?>, _ other: KeyPath<PathAlignment.Step, Int?>,
                      _ events: [TraceEvent]) -> String {
                let names = steps.filter { $0[keyPath: other] == nil }.compactMap { $0[keyPath: side] }
                    .map { "\(events[$0].role.rawValue) \(events[$0].bareMethod)" }
                guard !names.isEmpty else { return "none" }
                return names.prefix(3).joined(separator: ", ") + (names.count > 3 ? " +\(names.count - 3)" : "")
            }
            return "\(paired) step\(paired == 1 ? "" : "s") pair up; only \(left.pattern.name): "
                + lone(\.left, \.right, leftEvents) + " · only \(right.pattern.name): " + lone(\.right, \.left, rightEvents)
        }
    }

    /// The pair's rows for compare's `columns`, nil when either side was not replayed.
    func aligned(left: PatternID, columns: [ComparedAction]) -> Aligned? {
        guard let leftColumn = columns.first(where: { $0.pattern == left }),
              let rightColumn = columns.first(where: { $0.pattern == right }) else { return nil }
        return Aligned(left: leftColumn, right: rightColumn)
    }

    /// The selected row of `aligned`.
    func selectedRow(in aligned: Aligned) -> Int {
        guard !aligned.steps.isEmpty else { return 0 }
        return min(selection ?? aligned.defaultRow, aligned.steps.count - 1)
    }

    // MARK: - Layout

    /// Where the parts go: the rows on top (scrolled to keep the selected one in view), the two
    /// code columns under them.
    struct Layout {
        var table: Rect
        var code: Rect
        var leftWidth: Int

        init(area: Size, rows: Int) {
            let width = max(0, area.width), height = max(0, area.height)
            leftWidth = max(0, (width - 1) / 2)
            // Rows: the column titles and a rule above, a rule below; the code keeps at least half.
            let tableRows = min(rows, max(3, height / 2 - 2))
            table = Rect(x: 0, y: 0, width: width, height: min(height, tableRows + 2))
            let codeTop = min(height, table.height + 1)
            code = Rect(x: 0, y: codeTop, width: width, height: max(0, height - codeTop))
        }

        /// The rows the table shows at once.
        var page: Int { max(1, table.height - 2) }
    }

    // MARK: - Drawing

    @MainActor
    func draw(_ aligned: Aligned, in canvas: Canvas, context: PanelContext) {
        let layout = Layout(area: canvas.size, rows: aligned.steps.count)
        let selected = selectedRow(in: aligned)
        drawTable(aligned, selected: selected, layout: layout, in: canvas)
        let width = canvas.size.width
        guard layout.code.height > 0 else { return }
        let ruleRow = layout.code.minY - 1
        canvas.draw(String(repeating: "─", count: width), at: Point(x: 0, y: ruleRow), style: ShellTheme.rule)
        canvas.draw("┴", at: Point(x: layout.leftWidth, y: ruleRow), style: ShellTheme.rule)
        guard !aligned.steps.isEmpty else {
            let both = "\(aligned.left.pattern.name) or \(aligned.right.pattern.name)"
            say("No role method ran in the replayed action, in \(both): nothing to set side by side. Press a key in "
                + "the screen (Enter on the button), then c and v again.", in: canvas.subcanvas(layout.code))
            return
        }
        let step = aligned.steps[selected]
        let sides: [(Int?, [TraceEvent], ComparedAction, KeyPath<PathAlignment.Step, Int?>)] = [
            (step.left, aligned.leftEvents, aligned.left, \.left), (step.right, aligned.rightEvents, aligned.right, \.right)]
        for (index, side) in sides.enumerated() {
            let x = index == 0 ? 0 : layout.leftWidth + 1
            let columnWidth = index == 0 ? layout.leftWidth : width - layout.leftWidth - 1
            let area = canvas.subcanvas(Rect(x: x, y: layout.code.minY, width: columnWidth, height: layout.code.height))
            if let event = side.0.map({ side.1[$0] }) {
                CodeExcerpt(event: event, listing: context.sources.listing(for: event.file)).draw(in: area)
            } else if let failure = side.2.failure {
                say("\(side.2.pattern.name) could not be replayed: \(failure)", in: area)
            } else {
                let why = PathAlignment.gap(at: selected, in: aligned.steps, side: side.3, events: side.1)
                say("\(side.2.pattern.name) has no step here: \(why).", in: area)
            }
        }
        for row in layout.code.minY..<canvas.size.height {
            canvas.draw("│", at: Point(x: layout.leftWidth, y: row), style: ShellTheme.rule)
        }
    }

    @MainActor
    private func drawTable(_ aligned: Aligned, selected: Int, layout: Layout, in canvas: Canvas) {
        let width = canvas.size.width
        let rightWidth = width - layout.leftWidth - 1
        guard layout.table.height > 0, layout.leftWidth > 0, rightWidth > 0 else { return }
        canvas.draw(" " + aligned.left.pattern.name, at: .zero, style: ShellTheme.paneTitle)
        canvas.draw(" " + aligned.right.pattern.name, at: Point(x: layout.leftWidth + 1, y: 0), style: ShellTheme.paneTitle)
        canvas.draw("│", at: Point(x: layout.leftWidth, y: 0), style: ShellTheme.rule)
        guard layout.table.height > 1 else { return }
        canvas.draw(String(repeating: "─", count: width), at: Point(x: 0, y: 1), style: ShellTheme.rule)
        canvas.draw("┼", at: Point(x: layout.leftWidth, y: 1), style: ShellTheme.rule)
        let page = layout.page
        let top = min(max(0, selected - page / 2), max(0, aligned.steps.count - page))
        for (offset, index) in (top..<min(aligned.steps.count, top + page)).enumerated() {
            let y = 2 + offset
            let step = aligned.steps[index]
            let highlight = index == selected
            let cells: [(Int?, [TraceEvent], PatternID, Int, Int)] = [
                (step.left, aligned.leftEvents, aligned.left.pattern, 0, layout.leftWidth),
                (step.right, aligned.rightEvents, aligned.right.pattern, layout.leftWidth + 1, rightWidth)]
            for (event, events, pattern, x, cellWidth) in cells {
                let cell = canvas.subcanvas(Rect(x: x, y: y, width: cellWidth, height: 1))
                var line = event.map { Self.cell(for: events[$0], width: cellWidth) }
                    ?? TraceLine(DisplayWidth.truncate(" — none in \(pattern.name)", to: cellWidth), ShellTheme.detail)
                // The selected row is marked in text too, for a terminal without reverse video.
                if highlight, var first = line.segments.first, first.text.hasPrefix(" ") {
                    first.text = "▸" + first.text.dropFirst()
                    line.segments[0] = first
                }
                line.draw(row: 0, in: cell, highlight: highlight ? (line.segments.first?.style ?? .plain).with(.reverse) : nil)
            }
            canvas.draw("│", at: Point(x: layout.leftWidth, y: y), style: ShellTheme.rule)
        }
        ScrollMarker.draw(remaining: max(0, aligned.steps.count - top - page),
                          in: canvas.subcanvas(Rect(x: 0, y: 0, width: width, height: layout.table.height)))
    }

    /// A step as a row's cell, in the role's colour: the role, the call and its detail
    /// (`set → greetingDidChange`) where they fit whole; else, for the pattern's own types, the
    /// method without its type (the role names it) and the detail; else the call alone, cut at the end.
    static func cell(for event: TraceEvent, width: Int) -> TraceLine {
        let names = [" \(event.role.rawValue) \(event.call)"]
            + (SourcePanel.isPatternsOwn(event) ? [" \(event.role.rawValue) \(event.bareMethod)"] : [])
        let detail = event.detail.isEmpty ? nil : "  " + event.detail
        let withDetail = detail.map { detail in names.first { DisplayWidth.of($0) + DisplayWidth.of(detail) <= width } } ?? nil
        let name = withDetail ?? names.first { DisplayWidth.of($0) <= width } ?? names[names.count - 1]
        var line = TraceLine(DisplayWidth.truncate(name, to: width), ShellTheme.style(for: event.role))
        if withDetail != nil, let detail {
            line.segments.append(TraceLine.Segment(text: detail, style: ShellTheme.detail))
        }
        return line
    }

    @MainActor
    private func say(_ text: String, in canvas: Canvas) {
        for (row, line) in TextWrapping.lines(of: text, width: max(1, canvas.size.width - 2)).prefix(canvas.size.height)
            .enumerated() {
            canvas.draw(" " + line, at: Point(x: 0, y: row), style: ShellTheme.notice)
        }
    }
}

/// One role method's code as the lesson view shows it, in a column: a title (the file and line,
/// the article's name for it), then the method's rows — instrumentation hidden, folds folded —
/// each cut at the column's edge, with what does not fit counted at the bottom.
struct CodeExcerpt {
    var event: TraceEvent
    var listing: SourceListing?

    /// The rows of the method the event ran in (or a few around its line outside any method), and
    /// the row of the event's line.
    func rows() -> (rows: [CodeRow], eventRow: Int?) {
        guard let listing, (1...max(1, listing.lineCount)).contains(event.line), listing.lineCount > 0 else { return ([], nil) }
        let all = listing.rows(lesson: true)
        let lines = listing.enclosingBlock(ofLine: event.line) ?? max(1, event.line - 2)...min(listing.lineCount, event.line + 6)
        let rows = all.filter { lines.overlaps($0.lines) }
        return (rows, rows.firstIndex { $0.lines.upperBound >= event.line })
    }

    /// The title: `GreetingPresenter.swift:33 · Orlov: showGreeting()`.
    func title() -> String {
        guard let listing else { return event.location }
        let block = listing.enclosingBlock(ofLine: event.line) ?? event.line...event.line
        let note = listing.lessonLayout.notes.filter { block.contains($0.key) }.min { $0.key < $1.key }?.value
        return event.location + (note.map { " · " + $0 } ?? "")
    }

    @MainActor
    func draw(in canvas: Canvas) {
        let width = canvas.size.width, height = canvas.size.height
        guard width > 2, height > 0 else { return }
        canvas.draw(" " + DisplayWidth.truncate(title(), to: width - 1), at: .zero, style: ShellTheme.location)
        guard let listing else {
            if height > 1 {
                canvas.draw(" " + DisplayWidth.truncate("No source for \(event.file): it is not built into mvx.", to: width - 1),
                            at: Point(x: 0, y: 1), style: ShellTheme.notice)
            }
            return
        }
        let (rows, eventRow) = rows()
        let digits = max(3, String(listing.lineCount).count)
        let gutter = digits + 2
        let codeWidth = max(0, width - gutter)
        // Indentation common to the rows is dropped: a narrow column keeps its cells for code.
        let indent = rows.map { row -> Int in
            guard case .line(let number) = row else { return Int.max }
            let text = listing.lines[number - 1]
            return text.allSatisfy { $0 == " " } ? Int.max : text.prefix { $0 == " " }.count
        }.min().map { $0 == Int.max ? 0 : $0 } ?? 0
        let room = height - 1
        let shown = rows.count <= room ? rows.count : max(0, room - 1)
        for (offset, row) in rows.prefix(shown).enumerated() {
            let y = 1 + offset
            let traced = offset == eventRow
            let label = String(row.lines.lowerBound)
            let gutterText = (traced ? "▶" : " ") + String(repeating: " ", count: max(0, digits - label.count)) + label + " "
            canvas.draw(gutterText, at: Point(x: 0, y: y), style: traced ? ShellTheme.tracedLineNumber : ShellTheme.lineNumber)
            let code = canvas.subcanvas(Rect(x: gutter, y: y, width: codeWidth, height: 1))
            switch row {
            case .fold(let what, let lines):
                let count = lines.count == 1 ? "1 line" : "\(lines.count) lines"
                let at = max(0, listing.lines[lines.lowerBound - 1].prefix { $0 == " " }.count - indent)
                code.draw(DisplayWidth.truncate("⋯ \(what) (\(count))", to: max(0, codeWidth - at)), at: Point(x: at, y: 0),
                          style: ShellTheme.detail)
            case .line(let number):
                var x = -indent
                for token in listing.tokens(ofLine: number) {
                    guard x < codeWidth else { break }
                    let tokenWidth = DisplayWidth.of(token.text)
                    if x + tokenWidth > 0 {
                        code.draw(token.text, at: Point(x: x, y: 0), style: ShellTheme.style(for: token.kind))
                    }
                    x += tokenWidth
                }
                if DisplayWidth.of(listing.lines[number - 1]) - indent > codeWidth, codeWidth > 0 {
                    code.draw("…", at: Point(x: codeWidth - 1, y: 0), style: ShellTheme.lineNumber)
                }
            }
        }
        if shown < rows.count {
            let more = rows.count - shown
            canvas.draw(" " + DisplayWidth.truncate("⋯ \(more) more line\(more == 1 ? "" : "s") of this method", to: width - 1),
                        at: Point(x: 0, y: 1 + shown), style: ShellTheme.detail)
        }
    }
}
