import Testing
@testable import Terminal

/// Byte sequences a terminal (or a hostile paste) may send, decoded (issue 9): keypad keys are
/// keypad keys, unknown sequences are consumed whole, a paste is one event of text.
@Suite("Hostile key input")
struct HostileKeyDecodingTests {
    /// The inputs curses hands over for bytes it did not match itself: one character each.
    private func raw(_ text: String) -> [RawInput] {
        text.unicodeScalars.map { .character($0.value) }
    }

    private func decode(_ text: String) -> [Key] {
        KeyDecoder.decode(raw(text))
    }

    @Test("keypad keys in application mode (DECKPAM)", arguments: [
        ("\u{1B}Oq", Key.keypad("1")), ("\u{1B}Or", .keypad("2")), ("\u{1B}Os", .keypad("3")),
        ("\u{1B}Ox", .keypad("8")), ("\u{1B}Om", .keypad("-")), ("\u{1B}Ok", .keypad("+")),
        ("\u{1B}Op", .keypad("0")), ("\u{1B}OM", .enter), ("\u{1B}OA", .up), ("\u{1B}OP", .function(1)),
    ])
    func keypad(bytes: String, expected: Key) {
        #expect(decode(bytes) == [expected])
    }

    @Test func keypadCodesCursesKnows() {
        #expect(KeyDecoder.decode(.code(0o537)) == .keypad("1"))  // KEY_C1
        #expect(KeyDecoder.decode(.code(0o540)) == .keypad("3"))  // KEY_C3
        #expect(KeyDecoder.decode(.code(0o536)) == .keypad("5"))  // KEY_B2
    }

    @Test("sequences that must not become the keys spelling them", arguments: [
        "\u{1B}[1q",                          // DECSCUSR-like: would have been q
        "\u{1B}[?1;2c",                       // a device attributes reply
        "\u{1B}[38;5;1m",                     // SGR
        "\u{1B}[1;5A",                        // Ctrl-↑ (modified keys are not bound)
        "\u{1B}[<0;10;5;7M",                  // an SGR mouse report with a stray field (see MouseDecodingTests)
        "\u{1B}]52;c;cHduZWQ=\u{07}",         // OSC 52 (clipboard), ended by BEL
        "\u{1B}]0;title 1 q\u{1B}\\",          // OSC 0 (title), ended by ST
        "\u{1B}P1$r0m\u{1B}\\",                // DCS
        "\u{1B}_apc q\u{1B}\\",                // APC
        "\u{1B}[201~",                        // a paste end without a start
    ])
    func unknownSequencesAreConsumedWhole(bytes: String) {
        #expect(decode(bytes + "x") == [.character("x")])
    }

    @Test func altQIsAltNotQ() {
        #expect(decode("\u{1B}q") == [.alt("q")])
    }

    @Test func escapeAloneAndTwice() {
        #expect(decode("\u{1B}") == [.escape])
        #expect(decode("\u{1B}\u{1B}") == [.escape, .escape])
        #expect(decode("a\u{1B}") == [.character("a"), .escape])
    }

    @Test func knownCSIKeys() {
        #expect(decode("\u{1B}[A\u{1B}[3~\u{1B}[5~\u{1B}[15~\u{1B}[Z") == [.up, .delete, .pageUp, .function(5), .backTab])
    }

    @Test func aBracketedPasteIsOneEventOfText() {
        let keys = decode("\u{1B}[200~q1\u{1B}[31mred\u{07}\r\nline\u{1B}[201~q")
        #expect(keys == [.paste("q1[31mred\nline"), .character("q")])
    }

    @Test func aPasteEndMarkerAfterAnEscapeInsideStillEndsIt() {
        #expect(decode("\u{1B}[200~a\u{1B}\u{1B}[201~") == [.paste("a")])
        #expect(decode("\u{1B}[200~a\u{1B}[20x\u{1B}[201~") == [.paste("a[20x")])
    }

    @Test func aPasteSplitAcrossReadsIsStillOneEvent() {
        var decoder = KeyDecoder()
        #expect(decoder.feed(raw("\u{1B}[200~hello q")).isEmpty)
        #expect(decoder.isPending)
        #expect(decoder.feed(raw(" world\u{1B}[2")).isEmpty)
        #expect(decoder.feed(raw("01~1")) == [.paste("hello q world"), .character("1")])
        #expect(!decoder.isPending)
    }

    @Test func anUnendedPasteOrSequenceIsFinishedWhenInputGoesQuiet() {
        var decoder = KeyDecoder()
        #expect(decoder.feed(raw("\u{1B}[200~abc")).isEmpty)
        #expect(decoder.finishPending() == [.paste("abc")])
        #expect(decoder.feed(raw("q")) == [.character("q")])
        #expect(decoder.feed(raw("\u{1B}[1;")).isEmpty)
        #expect(decoder.finishPending().isEmpty)
        #expect(decoder.feed(raw("q")) == [.character("q")])
    }

    @Test func aSequenceSplitAcrossReadsIsConsumedWhole() {
        var decoder = KeyDecoder()
        #expect(decoder.feed(raw("\u{1B}[1;")).isEmpty)
        #expect(decoder.feed(raw("5Aq")) == [.character("q")])
    }

    @Test func aPasteIsCapped() {
        let keys = decode("\u{1B}[200~" + String(repeating: "x", count: 25_000) + "\u{1B}[201~")
        guard case .paste(let text)? = keys.first else {
            Issue.record("no paste: \(keys.prefix(3))")
            return
        }
        #expect(keys.count == 1)
        #expect(text.count == KeyDecoder.pasteLimit)
    }

    @Test func anEndlessStringIsDroppedAndParsingResumes() {
        let keys = decode("\u{1B}]" + String(repeating: "y", count: KeyDecoder.sequenceLimit + 10) + "q")
        #expect(keys.count < 20 && keys.last == .character("q"))
    }

    @Test func newKeyNames() {
        #expect(Key.keypad("1").description == "Keypad 1")
        #expect(Key.alt("q").description == "Alt-q")
        #expect(Key.paste("abc").description == "Paste (3 characters)")
    }
}

@Suite("Terminal strings from outside")
struct TerminalStringTests {
    @Test func aLongTermIsCut() {
        let shown = Sanitizer.visible(String(repeating: "x", count: 5_000) + "\u{1B}", limit: 64)
        #expect(shown == String(repeating: "x", count: 64) + "… (5001 characters)")
        #expect(Sanitizer.visible("xterm\u{1B}", limit: 64) == "xterm␛")
    }

    @Test func paddingIsStrippedFromUndoBytes() {
        #expect(TerminalSession.withoutPadding("\u{1B}[H\u{1B}[J$<50>") == "\u{1B}[H\u{1B}[J")
        #expect(TerminalSession.withoutPadding("a$<5/>b$<2.5*>c$<x>") == "abc$<x>")
    }
}
