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
        for text in ["©", "—", "€", "\u{2028}"] {
            #expect(Sanitizer.visible(text) == text)
        }
    }
}
