import Mediator
import PatternVocabulary
import Terminal
import Tracing

extension PanelID {
    /// Compare (`c`): the last action replayed in every pattern, side by side, counted.
    public static let compare = PanelID("compare")
}

/// Replays the user's last action in all four patterns on headless shells (fresh state, zero
/// latency) and shows the four traces side by side, each topped with its counts and a verdict
/// drawn from them. The replay presses the keys sent to the current screen since it was built, so
/// every pattern reaches the same state, and shows only the last action's events.
@MainActor
final class ComparePanel: ShellPanel {
    let id = PanelID.compare
    let placement = PanelPlacement.body
    private(set) var title: String

    /// One pattern's replay of the action.
    struct Column {
        var pattern: PatternID
        var entry: TraceBuffer.Entry?
        var counts: ActionCounts
        var verdict: String
        var failure: String?
    }

    private enum Content {
        case replaying
        case columns([Column])
        case unavailable(String)
    }

    private weak var shell: AppShell?
    private let screenID: ScreenID
    private let currentPattern: PatternID
    private let earlierKeys: Int
    private var content: Content = .replaying
    private var scroll = PanelScroll()
    private var replay: Task<Void, Never>?

    init(shell: AppShell) {
        self.shell = shell
        screenID = shell.screenID
        currentPattern = shell.pattern
        let keys = shell.keysOnScreen
        earlierKeys = max(0, keys.count - 1)
        title = "Compare · \(shell.screenID.title)"
        guard let runner = shell.replayRunner else {
            content = .unavailable("This shell has no replay runner, so it cannot replay actions in other patterns.")
            return
        }
        let size = shell.screenSize
        let screen = screenID
        replay = Task { [weak self] in
            let columns = await Self.replay(keys: keys, on: screen, size: size, runner: runner)
            guard let self else { return }
            self.content = .columns(columns)
            self.shell?.setNeedsFrame()
        }
    }

    deinit {
        replay?.cancel()
    }

    /// Waits until the replays have finished (tests and goldens).
    func replayed() async {
        await replay?.value
    }

    /// Replays `keys` on `screen` in every pattern that has it and keeps each one's last action.
    static func replay(keys: [Key], on screen: ScreenID, size: Size, runner: ReplayRunner) async -> [Column] {
        var columns: [Column] = []
        for pattern in runner.registry.patterns(offering: screen) {
            do {
                let entry = try await runner.run(pattern, screen, keys: keys, size: size).last
                let counts = ActionCounts(events: entry?.events ?? [])
                columns.append(Column(pattern: pattern, entry: entry, counts: counts, verdict: "", failure: nil))
            } catch {
                columns.append(Column(pattern: pattern, entry: nil, counts: ActionCounts(events: []), verdict: "",
                                      failure: error.description))
            }
        }
        let replayed = columns.filter { $0.failure == nil }
        let verdicts = CompareVerdict.verdicts(for: Dictionary(uniqueKeysWithValues: replayed.map { ($0.pattern, $0.counts) }))
        for index in columns.indices { columns[index].verdict = verdicts[columns[index].pattern] ?? "" }
        return columns
    }

    // MARK: - Keys

    func handle(_ key: Key) -> PanelKeyResult {
        switch key {
        case .escape, .character("c"): return .close
        default:
            return scroll.handle(key) ? .handled : .shellKeysPass(key)
        }
    }

    // MARK: - Drawing

    func draw(in canvas: Canvas) {
        canvas.screen.setCursor(nil)  // the module's text field is hidden under the panel
        let width = canvas.size.width
        switch content {
        case .replaying:
            canvas.draw(" Replaying the last action in every pattern…", at: Point(x: 0, y: 0), style: ShellTheme.detail)
            return
        case .unavailable(let reason):
            canvas.draw(" " + reason, at: Point(x: 0, y: 0), style: ShellTheme.notice)
            return
        case .columns(let columns):
            var row = 0
            let label = columns.first(where: { $0.pattern == currentPattern })?.entry?.action.label
                ?? columns.first?.entry?.action.label ?? "nothing yet"
            let keys = earlierKeys == 1 ? "1 earlier key" : "\(earlierKeys) earlier keys"
            let summary = "▸ \(label) — replayed on a fresh \(screenID.title) after \(keys), headless, zero latency"
            let hint = "↑↓ PgUp PgDn scroll · c/Esc close "
            canvas.draw(" " + DisplayWidth.truncate(summary, to: width - 2), at: Point(x: 0, y: row), style: ShellTheme.actionHeader)
            row += 1
            for line in TextWrap.lines(ActionCounts.definitions, width: width - 2).prefix(3) {
                canvas.draw(" " + line, at: Point(x: 0, y: row), style: ShellTheme.detail)
                row += 1
            }
            if DisplayWidth.of(hint) < width {
                canvas.draw(hint, at: Point(x: width - DisplayWidth.of(hint), y: row), style: ShellTheme.keyLabel)
            }
            row += 1
            drawColumns(columns, in: canvas.subcanvas(Rect(x: 0, y: row, width: width, height: canvas.size.height - row)))
        }
    }

    private func drawColumns(_ columns: [Column], in canvas: Canvas) {
        guard !columns.isEmpty, canvas.size.height > 0 else { return }
        let separators = columns.count - 1
        let columnWidth = (canvas.size.width - separators) / columns.count
        let headers = columns.map { header(for: $0, width: columnWidth) }
        let headerHeight = (headers.map(\.count).max() ?? 0) + 1
        let bodies = columns.map { body(for: $0, width: columnWidth) }
        scroll.layout(contentHeight: bodies.map(\.count).max() ?? 0, pageHeight: canvas.size.height - headerHeight)
        for (index, column) in columns.enumerated() {
            let x = index * (columnWidth + 1)
            let area = canvas.subcanvas(Rect(x: x, y: 0, width: columnWidth, height: canvas.size.height))
            for (row, line) in headers[index].enumerated() {
                TracePane.draw(line, row: row, in: area)
            }
            let rule = String(repeating: "─", count: columnWidth)
            area.draw(rule, at: Point(x: 0, y: headerHeight - 1), style: ShellTheme.rule)
            if column.failure == nil, bodies[index].isEmpty {
                area.draw(" no role method ran", at: Point(x: 0, y: headerHeight), style: ShellTheme.detail)
            }
            for (row, line) in bodies[index].dropFirst(scroll.offset).prefix(scroll.pageHeight).enumerated() {
                TracePane.draw(line, row: headerHeight + row, in: area)
            }
            if index < separators {
                for row in 0..<canvas.size.height {
                    canvas.draw(row == headerHeight - 1 ? "┼" : "│", at: Point(x: x + columnWidth, y: row), style: ShellTheme.rule)
                }
            }
        }
        if scroll.remaining > 0 {
            let marker = " ↓ \(scroll.remaining) more "
            canvas.draw(marker, at: Point(x: canvas.size.width - DisplayWidth.of(marker), y: canvas.size.height - 1),
                        style: ShellTheme.notice)
        }
    }

    /// The pattern's name, its counts and its verdict.
    private func header(for column: Column, width: Int) -> [TracePane.Line] {
        func line(_ text: String, _ style: Style) -> TracePane.Line {
            TracePane.Line(segments: [TracePane.Segment(text: text, style: style)], trailing: nil)
        }
        var lines = [line(" " + column.pattern.name, ShellTheme.paneTitle)]
        if let failure = column.failure {
            return lines + TextWrap.lines(failure, width: width - 1).map { line(" " + $0, ShellTheme.notice) }
        }
        let counts = column.counts
        let figures = [("steps", counts.steps), ("types", counts.types), ("boundaries", counts.boundaries),
                       ("async", counts.asyncEvents)]
        let paired = [" steps \(counts.steps) · types \(counts.types)",
                      " boundaries \(counts.boundaries) · async \(counts.asyncEvents)"]
        if paired.allSatisfy({ DisplayWidth.of($0) <= width }) {
            lines += paired.map { line($0, .plain) }
        } else {
            for (name, value) in figures {
                let number = String(value)
                let gap = max(1, width - 1 - DisplayWidth.of(name) - number.count)
                lines.append(line(" " + name + String(repeating: " ", count: gap) + number, .plain))
            }
        }
        lines += TextWrap.lines(column.verdict, width: width - 1).prefix(3).map { line(" " + $0, ShellTheme.notice) }
        return lines
    }

    /// The action's events, one call per line (two when the column is narrow), indented by layer and
    /// coloured by role as in the trace pane, with a rule where the key's synchronous handling had
    /// returned and what follows came later. Details stay in the trace pane: here the shape matters.
    private func body(for column: Column, width: Int) -> [TracePane.Line] {
        guard let entry = column.entry else { return [] }
        var lines: [TracePane.Line] = []
        var wasAsync = false
        for event in entry.events {
            if event.isAsync, !wasAsync {
                let label = DisplayWidth.truncate(" ┄ later (async) ┄", to: width)
                lines.append(TracePane.Line(segments: [TracePane.Segment(text: label, style: ShellTheme.detail)], trailing: nil))
            } else if !event.isAsync, wasAsync {
                let label = DisplayWidth.truncate(" ┄ in the key's handling ┄", to: width)
                lines.append(TracePane.Line(segments: [TracePane.Segment(text: label, style: ShellTheme.detail)], trailing: nil))
            }
            wasAsync = event.isAsync
            let style = ShellTheme.style(for: event.role)
            let indent = String(repeating: " ", count: 1 + event.depth)
            if DisplayWidth.of(indent + event.call) <= width {
                lines.append(TracePane.Line(segments: [TracePane.Segment(text: indent + event.call, style: style)], trailing: nil))
            } else {
                lines.append(TracePane.Line(segments: [TracePane.Segment(text: indent + event.type, style: style)], trailing: nil))
                lines.append(TracePane.Line(segments: [TracePane.Segment(text: indent + " ." + event.bareMethod, style: style)], trailing: nil))
            }
        }
        return lines
    }
}
