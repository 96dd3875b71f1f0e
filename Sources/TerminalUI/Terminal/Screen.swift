/// A grid of cells that widgets draw on. Two implementations: `CursesScreen` (the real terminal)
/// and `MemoryScreen` (tests, headless runs, benchmarks). Every text goes through `Sanitizer` and
/// `DisplayWidth` inside the screen, so no caller can write a control character or misalign a row.
///
/// A frame is: `erase()`, any number of `put`, then `present()` — one flush per frame.
@MainActor
package protocol Screen: AnyObject {
    /// The current size in cells.
    var size: Size { get }
    /// What colours this screen can show.
    var colorSupport: ColorSupport { get }
    /// Starts a frame: every cell blank.
    func erase()
    /// Writes `text` starting at `point`, cut at the edge of `clip` (and of the screen).
    /// Returns the number of columns advanced.
    @discardableResult
    func put(_ text: String, at point: Point, style: Style, clip: Rect) -> Int
    /// Where the hardware cursor should blink (a focused text field), or nil to hide it.
    func setCursor(_ position: Point?)
    /// Ends the frame: shows everything written since `erase()` in one update.
    func present()
}

/// One cell that `TextLayout` decided to write.
package struct PlacedCharacter: Equatable, Sendable {
    package var x: Int
    package var character: Character
    package var width: Int
}

/// The placement shared by every screen: sanitise, split into graphemes, measure, clip.
package enum TextLayout {
    /// The characters of `text` placed from column `x`, keeping only those wholly inside
    /// `minX..<maxX`. A wide character cut by the right edge becomes a space.
    package static func place(_ text: String, x: Int, minX: Int, maxX: Int) -> [PlacedCharacter] {
        var placed: [PlacedCharacter] = []
        placed.reserveCapacity(min(text.utf8.count, max(0, maxX - max(x, minX))))
        // Most of what is drawn is printable ASCII: one cell per byte, nothing to sanitise or measure.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
            var column = x
            for byte in text.utf8 {
                guard column < maxX else { break }
                if column >= minX {
                    placed.append(PlacedCharacter(x: column, character: Character(Unicode.Scalar(byte)), width: 1))
                }
                column += 1
            }
            return placed
        }
        // Box drawing and block elements (borders, bars, pictures in half blocks) among Latin-1 text
        // are one cell each and never join into a grapheme: placed per scalar, without grapheme
        // breaking, measuring or sanitising, which cost several times the drawing.
        if text.unicodeScalars.allSatisfy(TextLayout.isSingleCell) {
            var column = x
            for scalar in text.unicodeScalars {
                guard column < maxX else { break }
                if column >= minX { placed.append(PlacedCharacter(x: column, character: Character(scalar), width: 1)) }
                column += 1
            }
            return placed
        }
        var column = x
        for character in Sanitizer.visible(text) {
            guard column < maxX else { break }
            let width = DisplayWidth.of(character)
            if width == 0 {
                continue  // a stray combining mark on its own: nothing to show
            }
            if column >= minX {
                if column + width <= maxX {
                    placed.append(PlacedCharacter(x: column, character: character, width: width))
                } else {
                    placed.append(PlacedCharacter(x: column, character: " ", width: 1))
                }
            } else if column + width > minX {
                placed.append(PlacedCharacter(x: minX, character: " ", width: 1))  // right half of a cut wide char
            }
            column += width
        }
        return placed
    }
}

extension TextLayout {
    /// Printable Latin-1 and U+2500…U+259F (box drawing, block elements): each scalar is a whole
    /// character one cell wide that nothing needs to sanitise.
    static func isSingleCell(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return (0x20..<0x7F).contains(value) || (0xA0...0xFF).contains(value) || (0x2500...0x259F).contains(value)
    }
}

/// A window onto a screen: drawing uses coordinates relative to `bounds` and never leaves it.
/// Widgets receive a canvas, never the screen itself.
@MainActor
// Public only because `View`'s open methods take it; its members are package.
public struct Canvas {
    package let screen: any Screen
    /// The area this canvas may draw in, in screen coordinates.
    package let bounds: Rect

    package init(screen: any Screen, bounds: Rect) {
        self.screen = screen
        self.bounds = bounds.intersection(Rect(origin: .zero, size: screen.size))
    }

    /// The canvas's size.
    package var size: Size { bounds.size }

    /// Writes text at a point relative to this canvas; returns the columns advanced.
    @discardableResult
    package func draw(_ text: String, at point: Point, style: Style = .plain) -> Int {
        guard point.y >= 0, point.y < bounds.height else { return 0 }
        return screen.put(text, at: Point(x: bounds.minX + point.x, y: bounds.minY + point.y), style: style, clip: bounds)
    }

    /// Writes `text` padded or truncated to exactly `width` cells (so a style fills the row).
    package func draw(_ text: String, at point: Point, width: Int, style: Style = .plain) {
        draw(DisplayWidth.pad(text, to: width), at: point, style: style)
    }

    /// Paints a rectangle (relative) with spaces in `style`.
    package func fill(_ rect: Rect, style: Style) {
        let area = rect.intersection(Rect(origin: .zero, size: size))
        guard !area.isEmpty else { return }
        let blank = String(repeating: " ", count: area.width)
        for row in area.minY..<area.maxY {
            draw(blank, at: Point(x: area.minX, y: row), style: style)
        }
    }

    /// A canvas for a part of this one (relative rectangle), clipped to this one.
    package func subcanvas(_ rect: Rect) -> Canvas {
        let absolute = Rect(x: bounds.minX + rect.minX, y: bounds.minY + rect.minY, width: rect.width, height: rect.height)
        return Canvas(screen: screen, bounds: absolute.intersection(bounds))
    }

    /// Places the hardware cursor at a relative point (only if it is inside the canvas).
    package func showCursor(at point: Point) {
        let absolute = Point(x: bounds.minX + point.x, y: bounds.minY + point.y)
        if bounds.contains(absolute) { screen.setCursor(absolute) }
    }
}
