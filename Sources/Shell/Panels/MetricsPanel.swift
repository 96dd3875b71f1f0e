import CodeMetrics
import PatternVocabulary
import Terminal
import Tracing

extension PanelID {
    /// Metrics (`m`): each pattern's code and unit tests per role, and Orlov's three criteria.
    public static let metrics = PanelID("metrics")
}

/// The patterns' code metrics, counted from the sources embedded at build time: totals, a bar
/// chart of code lines per role for each pattern (bars coloured as the trace colours the role, one
/// scale for all), then Orlov's three criteria as figures with their one-line definitions and his
/// verdicts beside them. The same lines `mvx metrics` prints, laid out for the panel's width.
@MainActor
final class MetricsPanel: ShellPanel {
    let id = PanelID.metrics
    let placement = PanelPlacement.body
    let title = "Metrics · counted from the embedded sources"

    private let report: MetricsReport
    private var lines: [MetricsLine] = []
    private var linesWidth = 0
    private var scroll = PanelScroll()

    init(report: MetricsReport = .current) {
        self.report = report
    }

    // MARK: - Keys

    func handle(_ key: Key) -> PanelKeyResult {
        switch key {
        case .escape, .character("m"): return .close
        default:
            return scroll.handle(key) ? .handled : .shellKeysPass(key)
        }
    }

    // MARK: - Drawing

    func draw(in canvas: Canvas) {
        canvas.screen.setCursor(nil)  // the module's text field is hidden under the panel
        let width = canvas.size.width
        guard width > 0, canvas.size.height > 1 else { return }
        if linesWidth != width {
            lines = report.lines(width: width - 1)
            linesWidth = width
        }
        let hint = "↑↓ PgUp PgDn scroll · m/Esc close "
        scroll.layout(contentHeight: lines.count, pageHeight: canvas.size.height - 1)
        let (first, page) = (scroll.offset, scroll.pageHeight)
        let position = lines.count > page ? "lines \(first + 1)–\(first + page) of \(lines.count) · " : ""
        let header = position + hint
        if DisplayWidth.of(header) < width {
            canvas.draw(header, at: Point(x: width - DisplayWidth.of(header), y: 0), style: ShellTheme.keyLabel)
        }
        for (row, line) in lines.dropFirst(scroll.offset).prefix(scroll.pageHeight).enumerated() {
            var x = 1
            for segment in line.segments where x < width {
                let text = DisplayWidth.truncate(segment.text, to: width - x)
                canvas.draw(text, at: Point(x: x, y: row + 1), style: style(for: segment.kind, role: line.role))
                x += DisplayWidth.of(text)
            }
        }
        if scroll.remaining > 0 {
            let marker = " ↓ \(scroll.remaining) more "
            canvas.draw(marker, at: Point(x: width - DisplayWidth.of(marker), y: canvas.size.height - 1),
                        style: ShellTheme.notice)
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
