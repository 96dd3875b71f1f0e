import CNcursesw

/// The real terminal as a `Screen`, drawn through ncursesw's wide-character API.
///
/// A frame touches only curses' in-memory window (`werase`, `mvwadd_wch`); `present()` sends
/// the difference to the terminal in one `doupdate`, so nothing flickers and nothing is cleared.
/// Created and owned by `TerminalSession`; every call happens on the main actor.
@MainActor
package final class CursesScreen: Screen {
    package private(set) var size: Size
    package let colorSupport: ColorSupport
    /// The terminal's background as `--theme` chose or the terminal told: which look of a style is drawn.
    package let appearance: Appearance

    private struct PairKey: Equatable {
        var foreground: Int
        var background: Int
    }

    // Colour pairs are a scarce terminal resource, allocated the first time a combination is used:
    // pair n + 1 is `pairs[n]`. A list, not a dictionary: a few dozen are ever in use, and hashing a
    // key type of ours costs a scan of every conformance record in the binary before the first frame.
    private var pairs: [PairKey] = []
    private let pairLimit: Int32
    private var pendingCursor: Point?
    private var cursorShown: Bool?

    init(colorSupport: ColorSupport, appearance: Appearance) {
        self.colorSupport = colorSupport
        self.appearance = appearance
        self.pairLimit = colorSupport == .none ? 0 : min(mvx_color_pairs(), Int32(Int16.max))
        self.size = .zero
        refreshSize()
        // Hidden now, with the terminal's other set-up, rather than by the first frame: curs_set
        // writes at once, and the first frame would go out as two writes.
        setCursorShown(false)
    }

    /// Re-reads the size from curses (after `resizeterm`).
    func refreshSize() {
        let window = mvx_stdscr()
        size = Size(width: Int(mvx_getmaxx(window)), height: Int(mvx_getmaxy(window)))
    }

    package func erase() {
        werase(mvx_stdscr())
        pendingCursor = nil
    }

    @discardableResult
    package func put(_ text: String, at point: Point, style: Style, clip: Rect) -> Int {
        let area = clip.intersection(Rect(origin: .zero, size: size))
        guard point.y >= area.minY, point.y < area.maxY else { return 0 }
        let placed = TextLayout.place(text, x: point.x, minX: area.minX, maxX: area.maxX)
        guard !placed.isEmpty else { return 0 }
        let (attributes, pair) = cursesStyle(style)
        let window = mvx_stdscr()
        var cell = cchar_t()
        var buffer: [wchar_t] = Array(repeating: 0, count: 8)
        for item in placed {
            let segments = CellEncoding.segments(for: item.character, width: item.width, wcwidth: Self.systemWidth)
            var column = item.x
            for segment in segments {
                for (index, value) in segment.enumerated() { buffer[index] = wchar_t(bitPattern: value) }
                buffer[segment.count] = 0
                buffer.withUnsafeBufferPointer { characters in
                    _ = setcchar(&cell, characters.baseAddress, attributes, pair, nil)
                }
                // ERR at the bottom-right cell only means the cursor could not advance; the cell is written.
                _ = mvwadd_wch(window, Int32(point.y), Int32(column), &cell)
                column += max(1, Self.systemWidth(segment[0]))
            }
        }
        return placed.last.map { $0.x + $0.width - point.x } ?? 0
    }

    package func setCursor(_ position: Point?) { pendingCursor = position }

    package func present() {
        // Frames are drawn in main-actor jobs of their own, on any thread that drains the main queue.
        TerminalSession.prepareCrashStack()
        let window = mvx_stdscr()
        if let cursor = pendingCursor, Rect(origin: .zero, size: size).contains(cursor) {
            setCursorShown(true)
            wmove(window, Int32(cursor.y), Int32(cursor.x))
        } else {
            setCursorShown(false)
        }
        wnoutrefresh(window)
        doupdate()
    }

    private func setCursorShown(_ shown: Bool) {
        guard cursorShown != shown else { return }
        cursorShown = shown
        curs_set(shown ? 1 : 0)
    }

    private func cursesStyle(_ style: Style) -> (attr_t, Int16) {
        let resolved = colorSupport.resolve(style.resolved(for: appearance))
        var attributes = mvx_a_normal()
        if resolved.attributes.contains(.bold) { attributes |= mvx_a_bold() }
        if resolved.attributes.contains(.dim) { attributes |= mvx_a_dim() }
        if resolved.attributes.contains(.reverse) { attributes |= mvx_a_reverse() }
        if resolved.attributes.contains(.underline) { attributes |= mvx_a_underline() }
        return (attributes, pair(foreground: resolved.foreground, background: resolved.background))
    }

    private func pair(foreground: Int, background: Int) -> Int16 {
        if foreground < 0 && background < 0 { return 0 }
        let key = PairKey(foreground: foreground, background: background)
        if let index = pairs.firstIndex(where: { $0 == key }) { return Int16(index + 1) }
        // Out of pairs: the terminal's default colours rather than a wrong colour.
        guard pairs.count + 1 < Int(pairLimit) else { return 0 }
        let number = Int16(pairs.count + 1)
        guard init_pair(number, Int16(foreground), Int16(background)) != ERR else { return 0 }
        pairs.append(key)
        return number
    }

    private static func systemWidth(_ value: UInt32) -> Int {
        Int(mvx_wcwidth(value))
    }
}

/// How one grapheme becomes curses cells. A `cchar_t` holds one spacing character plus a few
/// zero-width ones, while a grapheme may hold several spacing ones (ZWJ emoji, flags). The cells
/// must take exactly `width` columns as curses counts them (`wcwidth`), or every later column
/// in the row would be off; when they cannot, a simpler stand-in is written.
enum CellEncoding {
    /// Up to this many characters fit in one cchar_t (ncurses' CCHARW_MAX).
    static let maxCharactersPerCell = 5

    /// The cells (each: spacing scalar, then zero-width scalars) for `character`, `width` columns wide.
    static func segments(for character: Character, width: Int, wcwidth: (UInt32) -> Int) -> [[UInt32]] {
        let scalars = character.unicodeScalars
        if scalars.count == 1, let only = scalars.first, only.value < 0x7F {
            return [[only.value]]  // plain ASCII, the common case
        }
        var segments: [[UInt32]] = []
        var total = 0
        for scalar in scalars {
            // A joiner never goes out: at the end of a cell it makes the terminal join the next
            // cell's emoji to this one and not advance, and every later column of the row shifts.
            if scalar.value == 0x200D { continue }
            let w = wcwidth(scalar.value)
            if w > 0 {
                segments.append([scalar.value])
                total += w
            } else if !segments.isEmpty, segments[segments.count - 1].count < maxCharactersPerCell {
                segments[segments.count - 1].append(scalar.value)
            }
        }
        let space: UInt32 = 0x20
        if !segments.isEmpty, total <= width {
            return segments + Array(repeating: [space], count: width - total)
        }
        // Too wide as curses counts it (a ZWJ sequence): the first scalar alone, padded.
        if let first = scalars.first {
            let w = wcwidth(first.value)
            if w > 0, w <= width { return [[first.value]] + Array(repeating: [space], count: width - w) }
        }
        return [[0xFFFD]] + Array(repeating: [space], count: max(0, width - 1))
    }
}
