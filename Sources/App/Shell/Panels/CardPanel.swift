import CodeMetrics
import PatternVocabulary
import Terminal
import Widgets

extension PanelID {
    /// The pattern card (`i`): why and when to pick the pattern on show, beside the figures mvx measures.
    package static let card = PanelID("card")
}

/// The card of the pattern on show: the problem it solves, what it costs, when to pick it, each
/// claim beside the figure mvx measures (`PatternCard`, from `Cards/<pattern>.card`). It follows the
/// pattern: 1-4 and Tab pass through and the card changes with them, as it does when another tab
/// of the header is clicked (a click on the tab of the pattern on show opens or closes it, as `i`).
package struct CardPanel: ShellPanel {
    let id = PanelID.card
    let placement = PanelPlacement.body
    private(set) var scroll = ScrollPosition()
    /// Where the figures come from: the live report (goldens give a fixed one).
    let report: MetricsReport

    init(report: MetricsReport = .current) {
        self.report = report
    }

    func title(in context: PanelContext) -> String { "\(context.pattern.name) · why and when · figures as mvx measures them" }

    /// The card's rows for `pattern` in a panel `width` wide, each with its style.
    func lines(for pattern: PatternID, width: Int) -> [TraceLine] {
        let text = max(1, width - 2)
        var rows: [TraceLine] = []
        for block in PatternCard.blocks(for: pattern, report: report) {
            switch block {
            case .title(let title):
                rows += TextWrapping.lines(of: title, width: text).map { TraceLine(" " + $0, ShellTheme.paneTitle) }
            case .heading(let heading):
                rows.append(TraceLine("", .plain))
                rows.append(TraceLine(" " + DisplayWidth.truncate(heading, to: text), ShellTheme.notice))
            case .paragraph(let paragraph):
                rows += TextWrapping.lines(of: paragraph, width: text).map { TraceLine(" " + $0, .plain) }
            case .item(let item):
                rows += TextWrapping.lines(of: item, width: max(1, text - 2)).enumerated().map { index, line in
                    TraceLine((index == 0 ? " • " : "   ") + line, .plain)
                }
            }
        }
        return rows
    }

    // MARK: - Keys

    mutating func handle(_ key: Key, in context: PanelContext) -> PanelKeyResult {
        switch Keymap.command(for: key, in: id) {
        case .close?: return .close
        case .scroll?:
            let count = lines(for: context.pattern, width: context.size.width).count
            _ = scroll.handle(key, page: context.size.height - 1, content: count)
            return .consumed
        default: return .shellKeysPass(key)
        }
    }

    // MARK: - Drawing

    func draw(into canvas: Canvas, context: PanelContext) {
        ScrolledPage.draw(lines(for: context.pattern, width: canvas.size.width), scroll: scroll, keysOf: id, into: canvas)
    }
}
