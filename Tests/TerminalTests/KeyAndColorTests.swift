import Testing
@testable import Terminal

@Suite("Key decoding")
struct KeyDecodingTests {
    // ncurses key codes (octal, as in curses.h): part of ncurses' ABI.
    @Test("curses key codes", arguments: [
        (Int32(0o403), Key.up), (0o402, .down), (0o404, .left), (0o405, .right),
        (0o406, .home), (0o550, .end), (0o523, .pageUp), (0o522, .pageDown),
        (0o512, .delete), (0o513, .insert), (0o407, .backspace), (0o527, .enter), (0o541, .backTab),
        (0o411, .function(1)), (0o414, .function(4)), (0o424, .function(12)),
    ])
    func keyCode(code: Int32, expected: Key) {
        #expect(KeyDecoder.decode(.code(code)) == expected)
    }

    @Test("characters", arguments: [
        (UInt32(127), Key.backspace), (8, .backspace), (10, .enter), (13, .enter), (9, .tab), (27, .escape),
        (1, .control("a")), (3, .control("c")), (17, .control("q")), (26, .control("z")),
        (0x61, .character("a")), (0x20, .character(" ")), (0x5F20, .character("张")),
        (0x1F44D, .character("👍")),
    ])
    func character(value: UInt32, expected: Key) {
        #expect(KeyDecoder.decode(.character(value)) == expected)
    }

    @Test func unusedInputsAreDropped() {
        #expect(KeyDecoder.decode(.code(0o632)) == nil)   // KEY_RESIZE
        #expect(KeyDecoder.decode(.code(0o631)) == nil)   // KEY_MOUSE
        #expect(KeyDecoder.decode(.code(0o425)) == nil)   // F13
        #expect(KeyDecoder.decode(.character(0)) == nil)  // Ctrl-@
        #expect(KeyDecoder.decode(.character(0x1C)) == nil)
        #expect(KeyDecoder.decode(.character(0x9B)) == nil)  // C1 CSI never becomes a character
    }

    @Test func batchJoinsGraphemes() {
        let keys = KeyDecoder.decode([
            .character(0x65), .character(0x301),          // e + combining acute
            .code(0o403),
            .character(0x1F469), .character(0x200D), .character(0x1F4BB),  // 👩‍💻
            .character(3),
            .character(0x78),
        ])
        #expect(keys == [.character("e\u{301}"), .up, .character("👩‍💻"), .control("c"), .character("x")])
    }

    @Test func keyNames() {
        #expect(Key.control("c").description == "Ctrl-C")
        #expect(Key.character(" ").description == "Space")
        #expect(Key.function(5).description == "F5")
    }

    #if DEBUG  // the hooks exist only in debug builds
    @Test func crashKeyOnlyWhenRequested() {
        #expect(TerminalSession.isCrashKey(.character("!"), environment: ["MVX_TEST_CRASH_KEY": "!"]))
        #expect(!TerminalSession.isCrashKey(.character("?"), environment: ["MVX_TEST_CRASH_KEY": "!"]))
        #expect(!TerminalSession.isCrashKey(.character("!"), environment: [:]))
        #expect(!TerminalSession.isCrashKey(.character("!"), environment: ["MVX_TEST_CRASH_KEY": ""]))
    }
    #endif
}

@Suite("Colour fallback")
struct ColorFallbackTests {
    @Test func detection() {
        #expect(ColorSupport.detect(hasColors: true, colorCount: 256, environment: [:]) == .indexed256)
        #expect(ColorSupport.detect(hasColors: true, colorCount: 88, environment: [:]) == .basic8)
        #expect(ColorSupport.detect(hasColors: true, colorCount: 8, environment: [:]) == .basic8)
        #expect(ColorSupport.detect(hasColors: true, colorCount: 2, environment: [:]) == .none)
        #expect(ColorSupport.detect(hasColors: false, colorCount: 256, environment: [:]) == .none)
    }

    @Test func noColorAnyValueMeansNone() {
        #expect(ColorSupport.detect(hasColors: true, colorCount: 256, environment: ["NO_COLOR": "1"]) == .none)
        #expect(ColorSupport.detect(hasColors: true, colorCount: 256, environment: ["NO_COLOR": ""]) == .indexed256,
                "an empty NO_COLOR is unset (no-color.org)")
    }

    @Test func indexedColourFallsBack() {
        let orange = Color.indexed(214, fallback: .yellow)
        #expect(ColorSupport.indexed256.terminalIndex(of: orange) == 214)
        #expect(ColorSupport.basic8.terminalIndex(of: orange) == 3)
        #expect(ColorSupport.none.terminalIndex(of: orange) == nil)
    }

    @Test func namedAndDefaultColours() {
        #expect(ColorSupport.indexed256.terminalIndex(of: .blue) == 4)
        #expect(ColorSupport.basic8.terminalIndex(of: .white) == 7)
        #expect(ColorSupport.basic8.terminalIndex(of: .default) == -1)
        #expect(ColorSupport.indexed256.terminalIndex(of: .default) == -1)
    }

    @Test func monochromeKeepsAttributesOnly() {
        let selection = Style(foreground: .white, background: .blue, attributes: [.reverse, .bold])
        let mono = ColorSupport.none.resolve(selection)
        #expect(mono.foreground == -1 && mono.background == -1)
        #expect(mono.attributes == [.reverse, .bold])
        let eight = ColorSupport.basic8.resolve(selection)
        #expect(eight.foreground == 7 && eight.background == 4 && eight.attributes == [.reverse, .bold])
    }
}

@Suite("Cell encoding")
struct CellEncodingTests {
    // A stand-in for the C library's wcwidth, like glibc's for these scalars.
    static func width(_ value: UInt32) -> Int {
        switch value {
        case 0x301, 0x200D, 0xFE0F: 0
        case 0x1F1E6...0x1F1FF: 1
        case 0x2764: 1
        case 0x4E00...0x9FFF, 0x1F467...0x1F469, 0x1F44D: 2
        default: 1
        }
    }

    @Test func asciiIsOneCell() {
        #expect(CellEncoding.segments(for: "a", width: 1, wcwidth: Self.width) == [[0x61]])
    }

    @Test func combiningMarksShareTheCell() {
        #expect(CellEncoding.segments(for: "e\u{301}", width: 1, wcwidth: Self.width) == [[0x65, 0x301]])
    }

    @Test func flagIsTwoIndicatorCells() {
        #expect(CellEncoding.segments(for: "🇫🇷", width: 2, wcwidth: Self.width) == [[0x1F1EB], [0x1F1F7]])
    }

    @Test func zwjSequenceFallsBackToItsFirstEmoji() {
        #expect(CellEncoding.segments(for: "👨‍👩‍👧", width: 2, wcwidth: Self.width) == [[0x1F468]])
    }

    // Issue 24 §4: a cell ending in U+200D made the terminal join the next cell's emoji to it and
    // not advance, so the rest of the row sat two columns left of where curses kept it.
    @Test func aJoinerNeverReachesTheTerminal() {
        #expect(CellEncoding.segments(for: "x\u{301}\u{200D}\u{301}\u{200D}", width: 1, wcwidth: Self.width)
            == [[0x78, 0x301, 0x301]])
        let long = Character("x" + String(repeating: "\u{301}\u{200D}", count: 250))
        let segments = CellEncoding.segments(for: long, width: 1, wcwidth: Self.width)
        #expect(!segments.joined().contains(0x200D) && segments.count == 1 && segments[0].count <= CellEncoding.maxCharactersPerCell)
    }

    @Test func narrowerThanExpectedIsPadded() {
        // ❤️: curses counts 1 column, the layout 2; a space keeps later columns aligned.
        #expect(CellEncoding.segments(for: "❤️", width: 2, wcwidth: Self.width) == [[0x2764, 0xFE0F], [0x20]])
    }
}
