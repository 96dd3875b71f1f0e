import Testing
@testable import Terminal

@Suite("Display width")
struct DisplayWidthTests {
    @Test("cells per string", arguments: [
        ("hello", 5),
        ("", 0),
        ("张伟", 4),
        ("👍", 2),
        ("👨‍👩‍👧‍👦", 2),          // ZWJ family is one glyph
        ("🇫🇷", 2),               // regional-indicator pair
        ("e\u{301}", 1),          // e + combining acute
        ("é", 1),                 // precomposed
        ("한국어", 6),            // Hangul syllables
        ("\u{1100}\u{1161}", 2),  // conjoining jamo: leading consonant + medial vowel
        ("a张b", 4),
    ])
    func width(text: String, expected: Int) {
        #expect(DisplayWidth.of(text) == expected)
    }

    @Test func controlCharactersTakeNoCells() {
        #expect(DisplayWidth.of(Unicode.Scalar(0x1B)) == 0)
        #expect(DisplayWidth.of(Unicode.Scalar(0x9B)) == 0)
    }

    // Issue 24 §4: a control is drawn as its visible stand-in (`␛`, `\u{202E}`), so it is measured as
    // that: a box that counted U+202E as 0 cells lost its closing `]` to the 8 drawn ones.
    @Test("controls measure as the stand-ins drawn for them", arguments: [
        ("\u{202E}", 8), ("a\u{1B}b", 3), ("\r\n", 2), ("\u{9B}", 6), ("x\u{7F}", 2), ("\u{61C}", 7),
        ("\u{200F}abc", 11), ("张\u{2066}", 10),
    ])
    func controlsMeasureAsDrawn(text: String, expected: Int) {
        #expect(DisplayWidth.of(text) == expected)
        #expect(DisplayWidth.of(text, upTo: 100) == expected)
        #expect(Self.drawnWidth(text) == expected)
    }

    @Test("widths agree with what TextLayout places, for hostile text", arguments: [
        "\u{202E}evil\u{202C}", "\u{1B}[31mred\u{7}", "e" + String(repeating: "\u{301}", count: 500),
        "👩" + String(repeating: "\u{301}", count: 500) + "\u{200D}💻", "👨‍👩‍👧‍👦\u{200E}🇫🇷", "\u{85}\u{2069}张",
    ])
    func widthsAgreeWithPlacement(text: String) {
        #expect(DisplayWidth.of(text) == Self.drawnWidth(text))
        let cut = DisplayWidth.truncate(text, to: 7)
        #expect(Self.drawnWidth(cut) <= 7, "\(cut.debugDescription)")
    }

    /// The columns `TextLayout` fills for `text` on an endless row: what a screen draws.
    private static func drawnWidth(_ text: String) -> Int {
        TextLayout.place(text, x: 0, minX: 0, maxX: 100_000).reduce(0) { $0 + $1.width }
    }

    @Test func truncateKeepsShortTextAndMarksCuts() {
        #expect(DisplayWidth.truncate("abc", to: 5) == "abc")
        #expect(DisplayWidth.truncate("abcdef", to: 4) == "abc…")
        #expect(DisplayWidth.truncate("abc", to: 0) == "")
        // A wide character that would straddle the limit is left out, not split.
        #expect(DisplayWidth.truncate("张伟张伟", to: 4) == "张…")
        #expect(DisplayWidth.truncate("张伟张伟", to: 5) == "张伟…")
        #expect(DisplayWidth.of(DisplayWidth.truncate("张伟张伟张", to: 6)) <= 6)
    }

    @Test func padFillsToExactWidth() {
        #expect(DisplayWidth.pad("ab", to: 4) == "ab  ")
        #expect(DisplayWidth.pad("张", to: 3) == "张 ")
        #expect(DisplayWidth.of(DisplayWidth.pad("张伟张伟", to: 5)) == 5)
        #expect(DisplayWidth.pad("abcdef", to: 3) == "ab…")
    }
}

@Suite("Sanitizer")
struct SanitizerTests {
    @Test func escapeBecomesVisible() {
        #expect(Sanitizer.visible("\u{1B}[31mred") == "␛[31mred")
    }

    @Test func c0ControlsBecomeControlPictures() {
        #expect(Sanitizer.visible("a\u{0}b\u{7}c\td\n") == "a␀b␇c␉d␊")
        #expect(Sanitizer.visible("\r") == "␍")
    }

    @Test func deleteBecomesVisible() {
        #expect(Sanitizer.visible("x\u{7F}") == "x␡")
    }

    @Test func c1ControlsAreEscaped() {
        #expect(Sanitizer.visible("a\u{9B}2J") == "a\\u{9B}2J")
        #expect(!Sanitizer.visible("\u{85}").unicodeScalars.contains { (0x80...0x9F).contains($0.value) })
    }

    @Test func bidiOverridesAreShown() {
        #expect(Sanitizer.visible("abc\u{202E}fed") == "abc\\u{202E}fed")
        #expect(Sanitizer.visible("\u{2066}x\u{2069}") == "\\u{2066}x\\u{2069}")
    }

    // Issue 24 §4: every bidi control, not only the embeddings, overrides and isolates.
    @Test("every bidi control is shown as an escape", arguments: [
        0x061C, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069,
    ])
    func everyBidiControlIsShown(value: UInt32) {
        let text = "a" + String(Unicode.Scalar(value)!) + "b"
        #expect(Sanitizer.needsCleaning(text))
        #expect(Sanitizer.visible(text) == "a\\u{" + String(value, radix: 16, uppercase: true) + "}b")
    }

    @Test func plainTextIsUntouchedAndNotReallocated() {
        let plain = "Plain text, 张伟, 👍, e\u{301} — ok"
        #expect(!Sanitizer.needsCleaning(plain))
        let cleaned = Sanitizer.visible(plain)
        #expect(cleaned == plain)
        // The same storage comes back: no copy was made.
        let same = plain.utf8.withContiguousStorageIfAvailable { a in
            cleaned.utf8.withContiguousStorageIfAvailable { b in a.baseAddress == b.baseAddress }
        }
        #expect(same == .some(.some(true)))
    }

    @Test func nonControlC2AndE2BytesAreKept() {
        // ©, —, € and U+2028 share lead bytes (C2, E2) with C1 and bidi controls.
        for text in ["©", "—", "€", "\u{2028}", "\u{200D}", "عربي"] {
            #expect(Sanitizer.visible(text) == text)
        }
    }
}
