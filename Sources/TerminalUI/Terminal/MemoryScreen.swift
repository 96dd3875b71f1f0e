/// A screen that keeps its cells in memory: what tests, golden screens, headless replays and the
/// benchmarks draw on. It behaves like the curses screen cell for cell, without a terminal.
@MainActor
package final class MemoryScreen: Screen {
    /// One cell: a grapheme and its style. The right half of a wide character holds `nil`.
    package struct Cell: Equatable, Sendable {
        package var character: Character?
        package var style: Style
    }

    package private(set) var size: Size
    package let colorSupport: ColorSupport
    /// The cursor position set during the last frame (nil when hidden).
    package private(set) var cursor: Point?
    /// How many frames were presented.
    package private(set) var presentCount = 0

    /// Counts, at each `present()`, the cells that differ from the frame presented before (what a
    /// terminal would have to be sent, as curses sends only changed cells). Off by default: the
    /// comparison keeps a copy of the screen, which only tests of "what a key changes" need.
    package var tracksChanges = false {
        didSet { presented = tracksChanges ? cells : [] }
    }
    /// The cells the last presented frame changed (with `tracksChanges`), and the rows they are on.
    package private(set) var lastChanges = FrameChanges()

    /// What one frame changed on a `MemoryScreen` that tracks changes.
    package struct FrameChanges: Equatable, Sendable {
        /// How many cells differ from the frame before.
        package var cells = 0
        /// The rows that hold them, top to bottom.
        package var rows: [Int] = []
        /// The cursor moved, or was shown or hidden.
        package var cursorMoved = false
    }

    private var cells: [Cell]
    private var presented: [Cell] = []
    private var pendingCursor: Point?

    package init(size: Size, colorSupport: ColorSupport = .indexed256) {
        self.size = size
        self.colorSupport = colorSupport
        self.cells = Array(repeating: Cell(character: " ", style: .plain), count: max(0, size.width * size.height))
    }

    /// Changes the size, as a terminal resize would (the content is blanked).
    package func resize(to newSize: Size) {
        size = newSize
        cells = Array(repeating: Cell(character: " ", style: .plain), count: max(0, newSize.width * newSize.height))
        if tracksChanges { presented = [] }  // a terminal redraws everything after a resize
    }

    package func erase() {
        let blank = Cell(character: " ", style: .plain)
        cells.withUnsafeMutableBufferPointer { $0.update(repeating: blank) }
        pendingCursor = nil
    }

    @discardableResult
    package func put(_ text: String, at point: Point, style: Style, clip: Rect) -> Int {
        let area = clip.intersection(Rect(origin: .zero, size: size))
        guard point.y >= area.minY, point.y < area.maxY else { return 0 }
        let placed = TextLayout.place(text, x: point.x, minX: area.minX, maxX: area.maxX)
        for item in placed {
            setCell(x: item.x, y: point.y, Cell(character: item.character, style: style))
            if item.width == 2 { setCell(x: item.x + 1, y: point.y, Cell(character: nil, style: style)) }
        }
        return placed.last.map { $0.x + $0.width - point.x } ?? 0
    }

    package func setCursor(_ position: Point?) { pendingCursor = position }

    package func present() {
        if tracksChanges {
            var changes = FrameChanges(cursorMoved: cursor != pendingCursor)
            if presented.count != cells.count {
                changes.cells = cells.count
                changes.rows = Array(0..<size.height)
            } else {
                for y in 0..<size.height {
                    let start = y * size.width
                    let changed = (start..<start + size.width).reduce(0) { $0 + (cells[$1] == presented[$1] ? 0 : 1) }
                    if changed > 0 {
                        changes.cells += changed
                        changes.rows.append(y)
                    }
                }
            }
            lastChanges = changes
            presented = cells
        }
        cursor = pendingCursor
        presentCount += 1
    }

    /// The cell at a position.
    package func cell(x: Int, y: Int) -> Cell { cells[y * size.width + x] }

    /// One row as text (wide characters once, trailing spaces kept).
    package func row(_ y: Int) -> String {
        row(y, columns: 0..<size.width)
    }

    /// The text of the cells in `columns` of row `y`: a pane of the screen, cut by display columns
    /// (a wide character counts once, at its first cell).
    package func row(_ y: Int, columns: Range<Int>) -> String {
        var line = ""
        for x in columns.clamped(to: 0..<size.width) {
            if let character = cells[y * size.width + x].character { line.append(character) }
        }
        return line
    }

    /// The whole screen as text, one line per row, trailing spaces removed: the golden-screen format.
    package var text: String {
        (0..<size.height).map { y in
            var line = row(y)
            while line.last == " " { line.removeLast() }
            return line
        }.joined(separator: "\n")
    }

    /// Whether `needle` appears anywhere on screen.
    package func contains(_ needle: String) -> Bool { text.contains(needle) }

    private func setCell(x: Int, y: Int, _ cell: Cell) {
        let index = y * size.width + x
        // Overwriting half of a wide character blanks its other half, as a terminal does.
        if cells[index].character == nil, x > 0 {
            cells[index - 1] = Cell(character: " ", style: cells[index - 1].style)
        }
        if x + 1 < size.width, cells[index + 1].character == nil, DisplayWidth.of(cells[index].character ?? " ") == 2 {
            cells[index + 1] = Cell(character: " ", style: cells[index + 1].style)
        }
        cells[index] = cell
    }
}
