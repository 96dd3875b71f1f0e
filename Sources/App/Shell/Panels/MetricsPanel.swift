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
            _ = scroll.handle(key, page: context.size.height - 1, content: lines.count)
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
        let page = canvas.size.height - 1
        let first = scroll.clamped(page: page, content: lines.count)
        let position = lines.count > page ? "lines \(first + 1)–\(first + page) of \(lines.count) · " : ""
        let header = position + Keymap.hint(for: id)
        if DisplayWidth.of(header) < width {
            canvas.draw(header, at: Point(x: width - DisplayWidth.of(header), y: 0), style: ShellTheme.keyLabel)
        }
        for (row, line) in lines.dropFirst(first).prefix(page).enumerated() {
            var x = 1
            for segment in line.segments where x < width {
                let text = DisplayWidth.truncate(segment.text, to: width - x)
                canvas.draw(text, at: Point(x: x, y: row + 1), style: style(for: segment.kind, role: line.role))
                x += DisplayWidth.of(text)
            }
        }
        ScrollMarker.draw(remaining: scroll.remaining(page: page, content: lines.count), in: canvas)
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
