import Testing
@testable import Terminal

@Suite("Text layout")
struct TextLayoutTests {
    @Test func placesAsciiInsideClip() {
        let placed = TextLayout.place("abcdef", x: 2, minX: 0, maxX: 5)
        #expect(placed.map(\.x) == [2, 3, 4])
        #expect(String(placed.map(\.character)) == "abc")
    }

    @Test func clipsOnTheLeft() {
        let placed = TextLayout.place("abcdef", x: -2, minX: 0, maxX: 10)
        #expect(String(placed.map(\.character)) == "cdef")
        #expect(placed.first?.x == 0)
    }

    @Test func wideCharacterCutAtRightEdgeBecomesSpace() {
        let placed = TextLayout.place("a张", x: 0, minX: 0, maxX: 2)
        #expect(placed == [
            PlacedCharacter(x: 0, character: "a", width: 1),
            PlacedCharacter(x: 1, character: " ", width: 1),
        ])
    }

    @Test func wideCharacterCutAtLeftEdgeBecomesSpace() {
        // 张 occupies columns 0–1; the clip starts at 1, so only its right half would show.
        let placed = TextLayout.place("张b", x: 0, minX: 1, maxX: 5)
        #expect(placed == [
            PlacedCharacter(x: 1, character: " ", width: 1),
            PlacedCharacter(x: 2, character: "b", width: 1),
        ])
    }

    @Test func boxAndBlockCharactersArePlacedOneCellEach() {
        let placed = TextLayout.place("─▀é▄█", x: -1, minX: 0, maxX: 3)
        #expect(placed == [
            PlacedCharacter(x: 0, character: "▀", width: 1),
            PlacedCharacter(x: 1, character: "é", width: 1),
            PlacedCharacter(x: 2, character: "▄", width: 1),
        ])
    }

    /// What the single-cell shortcut assumes of every scalar it takes, checked against the general
    /// path's own answers: one cell, nothing to sanitise, no two of them joining into one character.
    @Test func theSingleCellShortcutAgreesWithTheGeneralPath() {
        let scalars = (0...0x25FF).compactMap(Unicode.Scalar.init).filter(TextLayout.isSingleCell)
        #expect(scalars.count == 95 + 96 + 160)
        for scalar in scalars {
            #expect(DisplayWidth.of(Character(scalar)) == 1, "U+\(String(scalar.value, radix: 16))")
            #expect(Sanitizer.visible(String(scalar)) == String(scalar))
        }
        var joined = String.UnicodeScalarView()
        joined.append(contentsOf: scalars + scalars.reversed())
        #expect(String(joined).count == scalars.count * 2)
        // Combining marks and wide characters keep the general path.
        #expect(!TextLayout.isSingleCell("\u{301}"))
        #expect(!TextLayout.isSingleCell("张"))
    }

    @Test func combiningSequenceIsOneCell() {
        let placed = TextLayout.place("e\u{301}x", x: 0, minX: 0, maxX: 10)
        #expect(placed.count == 2)
        #expect(placed[0].character == "e\u{301}")
        #expect(placed[1].x == 1)
    }

    @Test func controlCharactersAreSanitisedBeforePlacing() {
        let placed = TextLayout.place("\u{1B}[H", x: 0, minX: 0, maxX: 10)
        #expect(String(placed.map(\.character)) == "␛[H")
    }
}

@Suite("Memory screen")
@MainActor
struct MemoryScreenTests {
    let full = Rect(x: 0, y: 0, width: 100, height: 100)

    @Test func wideCharactersOccupyTwoCells() {
        let screen = MemoryScreen(size: Size(width: 6, height: 1))
        let advanced = screen.put("张伟", at: .zero, style: .plain, clip: full)
        #expect(advanced == 4)
        #expect(screen.cell(x: 0, y: 0).character == "张")
        #expect(screen.cell(x: 1, y: 0).character == nil)
        #expect(screen.cell(x: 2, y: 0).character == "伟")
        #expect(screen.row(0) == "张伟  ")
    }

    @Test func overwritingHalfAWideCharacterBlanksTheOtherHalf() {
        let screen = MemoryScreen(size: Size(width: 6, height: 1))
        screen.put("张伟", at: .zero, style: .plain, clip: full)
        screen.put("x", at: Point(x: 1, y: 0), style: .plain, clip: full)  // right half of 张
        #expect(screen.row(0) == " x伟  ")
        screen.put("y", at: Point(x: 2, y: 0), style: .plain, clip: full)  // left half of 伟
        #expect(screen.row(0) == " xy   ")
    }

    @Test func clipsToRectAndScreen() {
        let screen = MemoryScreen(size: Size(width: 5, height: 2))
        screen.put("abcdefgh", at: Point(x: 1, y: 0), style: .plain, clip: Rect(x: 0, y: 0, width: 3, height: 1))
        screen.put("outside", at: Point(x: 0, y: 1), style: .plain, clip: Rect(x: 0, y: 0, width: 5, height: 1))
        screen.put("wrap", at: Point(x: 3, y: 5), style: .plain, clip: full)
        #expect(screen.text == " ab\n")
    }

    @Test func textOutputTrimsTrailingSpaces() {
        let screen = MemoryScreen(size: Size(width: 8, height: 3))
        screen.put("MVC", at: Point(x: 0, y: 0), style: .bold, clip: full)
        screen.put("伟", at: Point(x: 2, y: 2), style: .plain, clip: full)
        #expect(screen.text == "MVC\n\n  伟")
        #expect(screen.contains("MVC"))
        #expect(screen.cell(x: 0, y: 0).style == .bold)
    }

    @Test func eraseBlanksAndPresentCountsFrames() {
        let screen = MemoryScreen(size: Size(width: 4, height: 1))
        screen.put("abcd", at: .zero, style: .plain, clip: full)
        screen.setCursor(Point(x: 1, y: 0))
        screen.present()
        #expect(screen.cursor == Point(x: 1, y: 0))
        screen.erase()
        screen.present()
        #expect(screen.text == "")
        #expect(screen.cursor == nil)
        #expect(screen.presentCount == 2)
    }

    @Test func canvasDrawsRelativeAndClipped() {
        let screen = MemoryScreen(size: Size(width: 10, height: 3))
        let canvas = Canvas(screen: screen, bounds: Rect(x: 2, y: 1, width: 4, height: 1))
        canvas.draw("hello", at: .zero)
        canvas.draw("below", at: Point(x: 0, y: 1))
        #expect(screen.text == "\n  hell\n")
    }
}
