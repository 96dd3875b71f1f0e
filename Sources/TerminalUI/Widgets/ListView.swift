import Terminal
import Tracing

/// A scrolling list of two-line cells with a selection: the terminal's `UITableView`.
///
/// While focused, ↑/↓/PgUp/PgDn/Home/End move the selection (the list scrolls to keep it on
/// screen) and Enter reports it to the delegate. ↑ on the first row is not consumed, so focus
/// can leave the list upwards (to a segmented control above it, say).
@MainActor
package final class ListView: View {
    /// Lines each cell takes: title line and subtitle line.
    package static let linesPerRow = 2
    /// Width of the selection marker in front of every cell.
    private static let gutter = 2

    /// Supplies rows; setting it reloads. Weak, like `UITableView`'s.
    package weak var dataSource: (any ListViewDataSource)? { didSet { reloadData() } }
    /// Hears about selection and reaching the end. Weak.
    package weak var delegate: (any ListViewDelegate)?

    /// The selected row, kept within the rows; nil when nothing is selected.
    package var selectedRow: Int? {
        didSet {
            if let row = selectedRow { selectedRow = numberOfRows == 0 ? nil : max(0, min(row, numberOfRows - 1)) }
            if selectedRow != oldValue { setNeedsLayout() }
        }
    }

    /// A dim line under the last row, e.g. "loading more …" or "no more listings"; nil for none.
    package var footerText: String? { didSet { if footerText != oldValue { setNeedsLayout() } } }

    /// The number of rows as of the last `reloadData()`.
    package private(set) var numberOfRows = 0
    /// The row shown at the top.
    package private(set) var firstVisibleRow = 0

    private var hasReportedLastRow = false

    /// Creates an empty list; rows come from the data source.
    package override init(frame: Rect = .zero) {
        super.init(frame: frame)
    }

    /// Reads the number of rows again and redraws; keeps the selection within the new rows.
    package func reloadData() {
        let count = dataSource?.numberOfRows(in: self) ?? 0
        if count != numberOfRows { hasReportedLastRow = false }
        numberOfRows = count
        if let row = selectedRow { selectedRow = row }  // re-clamps through didSet
        setNeedsLayout()
    }

    /// How many cells fit in the current height (at least one), leaving a line for the footer.
    package var numberOfVisibleRows: Int {
        let footerLines = footerText == nil ? 0 : 1
        return max(1, (bounds.height - footerLines) / Self.linesPerRow)
    }

    /// Lists take focus so the arrows move the selection.
    package override var canBecomeFocused: Bool { true }

    /// Scrolls the selection on screen and reports reaching the last row.
    package override func layoutSubviews() {
        scrollSelectionIntoView()
        reportLastRowIfVisible()
    }

    /// Moves the selection or reports Enter; not consumed on an empty list or ↑ on the first row.
    package override func handleKey(_ key: Key) -> Bool {
        guard numberOfRows > 0 else { return false }
        let previousRow = selectedRow
        defer {
            if let row = selectedRow, row != previousRow { delegate?.listView(self, didMoveSelectionTo: row) }
        }
        let last = numberOfRows - 1
        let page = numberOfVisibleRows
        switch key {
        case .up:
            guard let row = selectedRow else { selectedRow = 0; return true }
            guard row > 0 else { return false }
            selectedRow = row - 1
        case .down: selectedRow = selectedRow.map { min($0 + 1, last) } ?? 0
        case .pageUp: selectedRow = max((selectedRow ?? 0) - page, 0)
        case .pageDown: selectedRow = min((selectedRow ?? -1) + page, last)
        case .home: selectedRow = 0
        case .end: selectedRow = last
        case .enter:
            guard let row = selectedRow else { return false }
            @Traced(.view, self, "select row \(row)") var call
            delegate?.listView(self, didSelectRow: row)
        default:
            return false
        }
        return true
    }

    /// A click on a row focuses the list and selects the row (the delegate hears of it as of a
    /// move with ↑/↓); a double click opens it as Enter does. The wheel moves the selection a row
    /// at a time, as ↑/↓, so the list scrolls as the selection leaves the screen.
    package override func handleMouse(_ event: MouseEvent) -> Bool {
        switch event.kind {
        case .wheelUp: return handleKey(.up)
        case .wheelDown: return handleKey(.down)
        case .press(.left):
            window?.focus(self)
            let row = firstVisibleRow + event.position.y / Self.linesPerRow
            guard event.position.y >= 0, row < min(numberOfRows, firstVisibleRow + numberOfVisibleRows) else { return true }
            if row != selectedRow {
                selectedRow = row
                delegate?.listView(self, didMoveSelectionTo: row)
            }
            if event.clickCount >= 2 { _ = handleKey(.enter) }
            return true
        default:
            return false
        }
    }

    /// All rows plus the footer, at most `size.height`.
    package override func sizeThatFits(_ size: Size) -> Size {
        let footerLines = footerText == nil ? 0 : 1
        return Size(width: size.width, height: min(size.height, numberOfRows * Self.linesPerRow + footerLines))
    }

    /// Draws the visible cells, then the footer if the last row is on screen.
    package override func draw(in canvas: Canvas) {
        guard let dataSource else { return }
        let width = canvas.size.width
        let rows = firstVisibleRow..<min(numberOfRows, firstVisibleRow + numberOfVisibleRows)
        for (index, row) in rows.enumerated() {
            let y = index * Self.linesPerRow
            drawCell(dataSource.listView(self, cellForRow: row), isSelected: row == selectedRow, y: y, width: width,
                     in: canvas)
        }
        if let footerText, rows.upperBound == numberOfRows {
            canvas.draw(footerText, at: Point(x: Self.gutter, y: rows.count * Self.linesPerRow), style: Theme.dim)
        }
    }

    private func drawCell(_ cell: ListCell, isSelected: Bool, y: Int, width: Int, in canvas: Canvas) {
        let style = isSelected ? (isFocused ? Theme.focused : Theme.selected) : Theme.plain
        let content = max(0, width - Self.gutter)
        let accessory = DisplayWidth.truncate(cell.accessory, to: content)
        let accessoryWidth = DisplayWidth.of(accessory)
        // The title is padded by display width, so accessories line up even after CJK titles.
        let titleWidth = max(0, content - (accessoryWidth > 0 ? accessoryWidth + 1 : 0))
        let marker = isSelected ? "▸ " : "  "
        var line = marker + DisplayWidth.pad(cell.title, to: titleWidth)
        if accessoryWidth > 0 { line += " " + accessory }
        canvas.draw(line, at: Point(x: 0, y: y), width: width, style: style)
        canvas.draw(cell.subtitle, at: Point(x: Self.gutter, y: y + 1), width: content, style: Theme.dim)
    }

    private func scrollSelectionIntoView() {
        let visible = numberOfVisibleRows
        if let row = selectedRow {
            if row < firstVisibleRow { firstVisibleRow = row }
            if row >= firstVisibleRow + visible { firstVisibleRow = row - visible + 1 }
        }
        firstVisibleRow = max(0, min(firstVisibleRow, numberOfRows - visible))
    }

    private func reportLastRowIfVisible() {
        let isLastRowVisible = numberOfRows > 0 && firstVisibleRow + numberOfVisibleRows >= numberOfRows
        guard isLastRowVisible else {
            hasReportedLastRow = false
            return
        }
        guard !hasReportedLastRow else { return }
        hasReportedLastRow = true
        delegate?.listView(self, willDisplayLastRow: numberOfRows - 1)
    }
}
