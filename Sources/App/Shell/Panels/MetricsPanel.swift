import CodeMetrics
import PatternVocabulary
import Terminal
import Tracing

extension PanelID {
    /// Metrics (`m`): each pattern's code and unit tests per role, and Orlov's three criteria.
    package static let metrics = PanelID("metrics")
}

/// The patterns' code metrics, counted from the sources embedded at build time: totals, a bar
/// chart of code lines per role for each pattern (bars coloured as the trace colours the role, one
/// scale for all), then Orlov's three criteria as figures with their one-line definitions and his
/// verdicts beside them. The same lines `mvx metrics` prints, laid out for the panel's width.
package struct MetricsPanel: ShellPanel {
    let id = PanelID.metrics
    let placement = PanelPlacement.body
    private(set) var scroll = ScrollPosition()
    /// What the panel shows: the live report, counted from the embedded sources (goldens give a fixed one).
    let report: MetricsReport

    init(report: MetricsReport = .current) {
        self.report = report
    }

    func title(in context: PanelContext) -> String { "Metrics · counted from the embedded sources" }

    /// The report's lines for a panel `width` wide.
    private func lines(width: Int) -> [MetricsLine] {
        report.lines(width: width - 1)
    }

    // MARK: - Keys

    mutating func handle(_ key: Key, in context: PanelContext) -> PanelKeyResult {
        switch Keymap.command(for: key, in: id) {
        case .close?: return .close
        case .scroll?:
            let lines = lines(width: context.size.width)
            let noteRows = PanelNote.lines(note(for: context.pattern), width: context.size.width).count
            _ = scroll.handle(key, page: context.size.height - 1 - noteRows, content: lines.count)
            return .consumed
        default: return .shellKeysPass(key)
        }
    }

    // MARK: - Drawing

    func draw(into canvas: Canvas, context: PanelContext) {
        canvas.screen.setCursor(nil)  // the module's text field is hidden under the panel
        let width = canvas.size.width
        guard width > 0, canvas.size.height > 1 else { return }
        let lines = lines(width: width)
        // Below the key line, the note; the report scrolls under it.
        let note = PanelNote.lines(note(for: context.pattern), width: width)
        let page = canvas.size.height - 1 - note.count
        let first = scroll.clamped(page: page, content: lines.count)
        let position = lines.count > page ? "lines \(first + 1)–\(first + page) of \(lines.count) · " : ""
        let header = position + Keymap.hint(for: id)
        if DisplayWidth.of(header) < width {
            canvas.draw(header, at: Point(x: width - DisplayWidth.of(header), y: 0), style: ShellTheme.keyLabel)
        }
        for (row, line) in note.enumerated() { line.draw(row: 1 + row, in: canvas) }
        for (row, line) in lines.dropFirst(first).prefix(page).enumerated() {
            var x = 1
            for segment in line.segments where x < width {
                let text = DisplayWidth.truncate(segment.text, to: width - x)
                canvas.draw(text, at: Point(x: x, y: row + 1 + note.count), style: style(for: segment.kind, role: line.role))
                x += DisplayWidth.of(text)
            }
        }
        ScrollMarker.draw(remaining: scroll.remaining(page: page, content: lines.count), in: canvas)
    }

    /// What to notice for `pattern`: where it ranks on Orlov's three criteria among the patterns
    /// measured (a tie ranks alike) and which of its roles holds the most code.
    func note(for pattern: PatternID) -> String {
        guard let own = report.patterns.first(where: { $0.pattern == pattern }) else {
            return "\(pattern.name) is not measured here"
        }
        let ranks = report.results().map { result -> String in
            let mine = result.criterion.value(for: own)
            let better = result.figures.count { result.criterion.higherIsBetter ? $0.value > mine : $0.value < mine }
            let tied = result.figures.count { $0.value == mine } > 1 ? " (tied)" : ""
            return "\(result.criterion.title.lowercased()) \(Self.ordinal(better + 1))\(tied)"
        }
        let largest = own.largestRole.map { "; most code: the \($0.role.noun)" } ?? ""
        return "\(pattern.name) among \(report.patterns.count) on Orlov's criteria: " + ranks.joined(separator: ", ") + largest
    }

    private static func ordinal(_ rank: Int) -> String {
        switch rank {
        case 1: "1st"
        case 2: "2nd"
        case 3: "3rd"
        default: "\(rank)th"
        }
    }

    private func style(for kind: MetricsLine.Kind, role: Role?) -> Style {
        switch kind {
        case .heading: ShellTheme.paneTitle
        case .plain: .plain
        case .bar: role.map(ShellTheme.style(for:)) ?? ShellTheme.metricsBar
        case .note: ShellTheme.detail
        case .verdict: ShellTheme.notice
        }
    }
}
