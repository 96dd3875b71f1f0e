import Mediator
import PatternVocabulary
import Terminal
import Tracing
import Widgets

extension PanelID {
    /// Compare (`c`): the last action replayed in every pattern, side by side, counted.
    package static let compare = PanelID("compare")
}

/// One pattern's replay of an action, as compare shows it.
package struct ComparedAction: Equatable, Sendable {
    package var pattern: PatternID
    /// The replay's last action, if it recorded one.
    package var entry: TraceBuffer.Entry?
    package var counts: ActionCounts
    /// One sentence drawn from the four patterns' counts.
    package var verdict: String
    /// Why the replay could not run, instead of the above.
    package var failure: String?
    /// The labels of the replay's actions after `entry` that ran no role method (a ← on the first
    /// tab): compare shows the last action that did, and names these.
    package var quietAfter: [String] = []

    package init(pattern: PatternID, entry: TraceBuffer.Entry?, counts: ActionCounts, verdict: String, failure: String?) {
        self.pattern = pattern
        self.entry = entry
        self.counts = counts
        self.verdict = verdict
        self.failure = failure
    }
}

/// Replays keys on fresh headless shells in every pattern: what compare asks for through
/// `ShellEffect.replay`. The composition root supplies it, so the shell imports no pattern.
@MainActor
package protocol ActionReplaying {
    /// `keys` on `screen` in every pattern, each built on the shared model as `model` holds it
    /// (the values the live module found; nil: a fresh model).
    func replayInEveryPattern(keys: [Key], screen: ScreenID, size: Size, model: AppStateValues?) async -> [ComparedAction]
}

/// The user's last action replayed in all four patterns on headless shells (fresh modules on the
/// shared model as the live module found it, zero latency), the four traces side by side, each
/// topped with its counts and a verdict (who tells the view, then the counts' extremes), under a
/// note on where the call paths part. The replay presses the keys sent to the current screen since
/// it was built, so every pattern reaches the same state, and shows the last action that ran a
/// role method, naming the quiet keys after it.
package struct ComparePanel: ShellPanel {
    let id = PanelID.compare
    let placement = PanelPlacement.body

    private enum Content: Equatable {
        case replaying
        case columns([ComparedAction])
        case unavailable(String)
    }

    let screen: ScreenID
    let currentPattern: PatternID
    let earlierKeys: Int
    /// The replay this panel waits for.
    let token: Int
    private var content: Content
    private var scroll = ScrollPosition()
    /// `v`: two patterns aligned role by role, with each step's code; nil shows the four columns.
    private(set) var pair: ComparePair?

    init(screen: ScreenID, pattern: PatternID, keys: [Key], token: Int, canReplay: Bool) {
        self.screen = screen
        currentPattern = pattern
        earlierKeys = max(0, keys.count - 1)
        self.token = token
        content = canReplay ? .replaying
            : .unavailable("This shell has no replay runner, so it cannot replay actions in other patterns.")
    }

    /// The replays have finished.
    mutating func show(_ columns: [ComparedAction]) {
        content = .columns(columns)
    }

    var columns: [ComparedAction]? {
        if case .columns(let columns) = content { return columns }
        return nil
    }

    func title(in context: PanelContext) -> String { "Compare · \(screen.title)" }

    // MARK: - Keys

    mutating func handle(_ key: Key, in context: PanelContext) -> PanelKeyResult {
        switch Keymap.command(for: key, in: id) {
        case .close?: return .close
        case .pairView?:
            pair = pair == nil ? columns.flatMap { ComparePair(left: currentPattern, columns: $0) } : nil
            return .consumed
        case .cyclePair(let forward)?:
            if let columns { pair?.cycle(forward: forward, left: currentPattern, columns: columns) }
            return .consumed
        case .scroll? where pair != nil:
            if let columns, var pair, let aligned = pair.aligned(left: currentPattern, columns: columns) {
                let area = Size(width: context.size.width, height: context.size.height - pairTop(aligned, width: context.size.width))
                let layout = ComparePair.Layout(area: area, rows: aligned.steps.count)
                pair.step(key, rows: aligned.steps.count, page: layout.page, current: pair.selectedRow(in: aligned))
                self.pair = pair
            }
            return .consumed
        case .scroll?:
            if let columns {
                let layout = ColumnsLayout(columns, size: context.size)
                _ = scroll.handle(key, page: layout.page, content: layout.content)
            }
            return .consumed
        default: return .shellKeysPass(key)
        }
    }

    // MARK: - Drawing

    /// The definitions of the counts, wrapped for a panel `width` wide (three lines at most).
    private static func definitions(width: Int) -> [String] {
        Array(TextWrapping.lines(of: ActionCounts.definitions, width: width - 2).prefix(3))
    }

    /// The columns' lines and pages for the panel's size: worked out alike for keys and drawing.
    private struct ColumnsLayout {
        /// The row the columns start on: below the summary, the note, the definitions and the key line.
        var top: Int
        var width: Int
        var headers: [[TraceLine]]
        var bodies: [[TraceLine]]
        var headerHeight: Int
        var page: Int
        var content: Int

        init(_ columns: [ComparedAction], size: Size) {
            top = 2 + PanelNote.lines(ComparePanel.note(for: columns), width: size.width).count
                + ComparePanel.definitions(width: size.width).count
            let area = Size(width: size.width, height: max(0, size.height - top))
            width = columns.isEmpty ? 0 : (area.width - (columns.count - 1)) / columns.count
            headers = columns.map { [width] in ComparePanel.header(for: $0, width: width) }
            bodies = columns.map { [width] in $0.entry.map { TraceLines.shape(of: $0.events, width: width) } ?? [] }
            headerHeight = (headers.map(\.count).max() ?? 0) + 1
            page = area.height - headerHeight
            content = bodies.map(\.count).max() ?? 0
        }
    }

    func draw(into canvas: Canvas, context: PanelContext) {
        canvas.screen.setCursor(nil)  // the module's text field is hidden under the panel
        let width = canvas.size.width
        switch content {
        case .replaying:
            canvas.draw(" Replaying the last action in every pattern…", at: Point(x: 0, y: 0), style: ShellTheme.detail)
        case .unavailable(let reason):
            canvas.draw(" " + reason, at: Point(x: 0, y: 0), style: ShellTheme.notice)
        case .columns(let columns):
            if let pair, let aligned = pair.aligned(left: currentPattern, columns: columns) {
                drawPair(pair, aligned, in: canvas, context: context)
                return
            }
            var row = 0
            let label = columns.first(where: { $0.pattern == currentPattern })?.entry?.action.label
                ?? columns.first?.entry?.action.label ?? "nothing yet"
            let keys = earlierKeys == 1 ? "1 earlier key" : "\(earlierKeys) earlier keys"
            let quiet = columns.first(where: { $0.pattern == currentPattern })?.quietAfter ?? []
            let summary = quiet.isEmpty
                ? "▸ \(label) — replayed on a fresh \(screen.title) after \(keys), headless, zero latency"
                : "▸ \(label) — \(quiet.joined(separator: ", ")) after it ran no role method; replayed on a fresh "
                    + "\(screen.title), headless, zero latency"
            canvas.draw(" " + DisplayWidth.truncate(summary, to: width - 2), at: Point(x: 0, y: row), style: ShellTheme.actionHeader)
            row += 1
            row += PanelNote.draw(Self.note(for: columns), row: row, in: canvas)
            for line in Self.definitions(width: width) {
                canvas.draw(" " + line, at: Point(x: 0, y: row), style: ShellTheme.detail)
                row += 1
            }
            drawHint(row: row, in: canvas)
            let layout = ColumnsLayout(columns, size: canvas.size)
            let area = Rect(x: 0, y: layout.top, width: width, height: canvas.size.height - layout.top)
            drawColumns(columns, layout, in: canvas.subcanvas(area))
        }
    }

    /// The key line, right-aligned: the right-hand pattern's keys only in the pair view, where they act.
    @MainActor
    private func drawHint(row: Int, in canvas: Canvas) {
        let bindings = Keymap.bindings(in: .panel(id))
            .filter { pair != nil || !$0.panelCommands.values.contains(.cyclePair(forward: true)) }
        let width = canvas.size.width
        let hint = [false, true].lazy.map { short in bindings.map { $0.hint(short: short) }.joined(separator: " · ") + " " }
            .first { DisplayWidth.of($0) < width }
        if let hint {
            canvas.draw(hint, at: Point(x: width - DisplayWidth.of(hint), y: row), style: ShellTheme.keyLabel)
        }
    }

    /// The rows above the pair view's table: the summary, the note, the key line.
    private func pairTop(_ aligned: ComparePair.Aligned, width: Int) -> Int {
        2 + PanelNote.lines(aligned.note, width: width).count
    }

    @MainActor
    private func drawPair(_ pair: ComparePair, _ aligned: ComparePair.Aligned, in canvas: Canvas, context: PanelContext) {
        let width = canvas.size.width
        let keys = earlierKeys == 1 ? "1 earlier key" : "\(earlierKeys) earlier keys"
        let label = aligned.left.entry?.action.label ?? aligned.right.entry?.action.label ?? "nothing yet"
        let pairing = "▸ \(label) — \(aligned.left.pattern.name) | \(aligned.right.pattern.name), role by role"
        let replayed = pairing + "; replayed on a fresh \(screen.title) after \(keys)"
        let summary = DisplayWidth.of(replayed) <= width - 2 ? replayed : pairing
        canvas.draw(" " + DisplayWidth.truncate(summary, to: width - 2), at: .zero, style: ShellTheme.actionHeader)
        let noteRows = PanelNote.draw(aligned.note, row: 1, in: canvas)
        drawHint(row: 1 + noteRows, in: canvas)
        let top = pairTop(aligned, width: width)
        pair.draw(aligned, in: canvas.subcanvas(Rect(x: 0, y: top, width: width, height: max(0, canvas.size.height - top))),
                  context: context)
    }

    @MainActor
    private func drawColumns(_ columns: [ComparedAction], _ layout: ColumnsLayout, in canvas: Canvas) {
        guard !columns.isEmpty, canvas.size.height > 0 else { return }
        let separators = columns.count - 1
        let columnWidth = layout.width
        let offset = scroll.clamped(page: layout.page, content: layout.content)
        for (index, column) in columns.enumerated() {
            let x = index * (columnWidth + 1)
            let area = canvas.subcanvas(Rect(x: x, y: 0, width: columnWidth, height: canvas.size.height))
            for (row, line) in layout.headers[index].enumerated() {
                line.draw(row: row, in: area)
            }
            let rule = String(repeating: "─", count: columnWidth)
            area.draw(rule, at: Point(x: 0, y: layout.headerHeight - 1), style: ShellTheme.rule)
            if column.failure == nil, layout.bodies[index].isEmpty {
                area.draw(" no role method ran", at: Point(x: 0, y: layout.headerHeight), style: ShellTheme.detail)
            }
            for (row, line) in layout.bodies[index].dropFirst(offset).prefix(max(1, layout.page)).enumerated() {
                line.draw(row: layout.headerHeight + row, in: area)
            }
            if index < separators {
                for row in 0..<canvas.size.height {
                    canvas.draw(row == layout.headerHeight - 1 ? "┼" : "│", at: Point(x: x + columnWidth, y: row),
                                style: ShellTheme.rule)
                }
            }
        }
        ScrollMarker.draw(remaining: scroll.remaining(page: layout.page, content: layout.content), in: canvas)
    }

    /// What to notice: where the four call paths part, as `mvx conform` says it.
    static func note(for columns: [ComparedAction]) -> String {
        "paths " + CallPaths.parting(columns.filter { $0.failure == nil }.map { (pattern: $0.pattern, events: $0.entry?.events ?? []) })
    }

    /// The pattern's name, its counts and its verdict.
    private static func header(for column: ComparedAction, width: Int) -> [TraceLine] {
        var lines = [TraceLine(" " + column.pattern.name, ShellTheme.paneTitle)]
        if let failure = column.failure {
            return lines + TextWrapping.lines(of: failure, width: width - 1).map { TraceLine(" " + $0, ShellTheme.notice) }
        }
        let counts = column.counts
        let figures = [("steps", counts.steps), ("types", counts.types), ("boundaries", counts.boundaries),
                       ("async", counts.asyncEvents)]
        let paired = [" steps \(counts.steps) · types \(counts.types)",
                      " boundaries \(counts.boundaries) · async \(counts.asyncEvents)"]
        if paired.allSatisfy({ DisplayWidth.of($0) <= width }) {
            lines += paired.map { TraceLine($0, .plain) }
        } else {
            for (name, value) in figures {
                let number = String(value)
                let gap = max(1, width - 1 - DisplayWidth.of(name) - number.count)
                lines.append(TraceLine(" " + name + String(repeating: " ", count: gap) + number, .plain))
            }
        }
        guard !column.verdict.isEmpty else { return lines }
        // Whole findings only, as many as three rows hold: a narrow column keeps the first.
        var text = ""
        for finding in column.verdict.components(separatedBy: "; ") {
            let longer = text.isEmpty ? finding : text + "; " + finding
            if !text.isEmpty, TextWrapping.lines(of: longer, width: width - 1).count > 3 { break }
            text = longer
        }
        return lines + TextWrapping.lines(of: text, width: width - 1).prefix(3).map { TraceLine(" " + $0, ShellTheme.notice) }
    }
}
