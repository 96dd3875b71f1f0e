import Testing
@testable import Terminal

/// Mouse reports (issue 12 §4): SGR reports become `Key.mouse` events in cells counted from 0;
/// garbled and hostile ones are dropped whole, never typed as the characters spelling them.
@Suite("Mouse decoding")
struct MouseDecodingTests {
    private func decode(_ text: String) -> [Key] {
        KeyDecoder.decode(text.unicodeScalars.map { .character($0.value) })
    }

    @Test("reports for buttons mvx did not ask for, or for cells no terminal has", arguments: [
        (0, true, 3, 4),        // no button
        (4, false, 3, 4),       // a wheel "release"
        (6, true, 3, 4),        // a button beyond the wheel
        (1, true, -1, 4),
        (1, true, 3, -7),
        (1, true, 10_000, 4),
        (1, true, Int.max, Int.min),
    ])
    func droppedReports(button: Int, pressed: Bool, x: Int, y: Int) {
        #expect(KeyDecoder.mouseEvent(button: button, pressed: pressed, x: x, y: y) == nil)
    }

    @Test("SGR reports", arguments: [
        ("\u{1B}[<0;1;1M", MouseEvent(.press(.left), at: Point(x: 0, y: 0))),
        ("\u{1B}[<0;12;5m", MouseEvent(.release(.left), at: Point(x: 11, y: 4))),
        ("\u{1B}[<2;80;24M", MouseEvent(.press(.right), at: Point(x: 79, y: 23))),
        ("\u{1B}[<64;30;9M", MouseEvent(.wheelUp, at: Point(x: 29, y: 8))),
        ("\u{1B}[<65;30;9M", MouseEvent(.wheelDown, at: Point(x: 29, y: 8))),
        ("\u{1B}[<16;5;5M", MouseEvent(.press(.left), at: Point(x: 4, y: 4))),  // Ctrl held: still a click
    ])
    func sgrReports(bytes: String, expected: MouseEvent) {
        #expect(decode(bytes + "x") == [.mouse(expected), .character("x")])
    }

    @Test("garbled and hostile SGR reports are dropped whole", arguments: [
        "\u{1B}[<0;0;5M",            // columns count from 1
        "\u{1B}[<0;5M",              // a field missing
        "\u{1B}[<0;5;5;5M",          // a field too many
        "\u{1B}[<0;;5M",             // an empty field
        "\u{1B}[<32;5;5M",           // motion, never asked for
        "\u{1B}[<3;5;5M",            // X10's "released" is no SGR button
        "\u{1B}[<66;5;5M",           // a wheel button beyond 5
        "\u{1B}[<128;5;5M",          // extra buttons
        "\u{1B}[<0;999999;5M",       // more digits than any screen
        "\u{1B}[<0;+5;5M",           // a sign
        "\u{1B}[<0;5;5~",            // the wrong final byte
    ])
    func garbledSGR(bytes: String) {
        #expect(decode(bytes + "x") == [.character("x")])
    }

    @Test func aReportBetweenKeysKeepsItsPlace() {
        #expect(decode("a\u{1B}[<0;2;3Mb") == [.character("a"), .mouse(MouseEvent(.press(.left), at: Point(x: 1, y: 2))),
                                               .character("b")])
    }

    @Test func aReportSplitAcrossReadsIsOneEvent() {
        var decoder = KeyDecoder()
        #expect(decoder.feed("\u{1B}[<0;1".unicodeScalars.map { .character($0.value) }).isEmpty)
        #expect(decoder.feed("2;5Mq".unicodeScalars.map { .character($0.value) })
            == [.mouse(MouseEvent(.press(.left), at: Point(x: 11, y: 4))), .character("q")])
    }

    // Issue 24 §2: a terminal that honours mode 1000 but not 1006 (GNU screen, serial consoles) sends
    // X10/normal reports, `ESC [ M` and three bytes offset by 32; urxvt's 1015 sends them as decimals.
    @Test("X10/normal reports are mouse events, never keys", arguments: [
        ("\u{1B}[M !!", MouseEvent(.press(.left), at: Point(x: 0, y: 0))),
        ("\u{1B}[M q!", MouseEvent(.press(.left), at: Point(x: 80, y: 0))),   // column 81: 'q', which quits as a key
        ("\u{1B}[M!2%", MouseEvent(.press(.middle), at: Point(x: 17, y: 4))), // columns 17-20 spell 1-4
        ("\u{1B}[M\"#$", MouseEvent(.press(.right), at: Point(x: 2, y: 3))),
        ("\u{1B}[M`+,", MouseEvent(.wheelUp, at: Point(x: 10, y: 11))),
        ("\u{1B}[Ma+,", MouseEvent(.wheelDown, at: Point(x: 10, y: 11))),
        ("\u{1B}[M0!!", MouseEvent(.press(.left), at: Point(x: 0, y: 0))),   // Ctrl held (16): still a click
        ("\u{1B}[M \u{100}!", MouseEvent(.press(.left), at: Point(x: 223, y: 0))),  // UTF-8 coordinates (1005)
    ])
    func x10Reports(bytes: String, expected: MouseEvent) {
        #expect(decode(bytes + "x") == [.mouse(expected), .character("x")])
    }

    @Test("X10 reports mvx does not act on are dropped whole", arguments: [
        "\u{1B}[M#!!",        // a release: X10 does not say which button
        "\u{1B}[M@!!",        // motion with the left button held, never asked for
        "\u{1B}[Mb!!",        // a wheel button beyond 5
        "\u{1B}[M \u{0}!",    // a column the terminal could not encode (sent as 0)
        "\u{1B}[M !\u{1F}",   // a row below 1
    ])
    func droppedX10(bytes: String) {
        #expect(decode(bytes + "x") == [.character("x")])
    }

    @Test func clicksWithATextFieldInMindTypeNothing() {
        // The issue's `!!#!!`5%`: three X10 reports in a row. None of their bytes may become a character.
        let keys = decode("\u{1B}[M!!#\u{1B}[M!!`\u{1B}[M5%q")
        #expect(keys.count == 3 && keys.allSatisfy { if case .mouse = $0 { true } else { false } }, "\(keys)")
        #expect(decode("\u{1B}[M q!").allSatisfy { $0 != .character("q") })
    }

    @Test func anX10ReportSplitAcrossReadsIsOneEvent() {
        var decoder = KeyDecoder()
        #expect(decoder.feed("\u{1B}[M ".unicodeScalars.map { .character($0.value) }).isEmpty)
        #expect(decoder.isPending && decoder.isInMouseReport)  // the session waits for it only briefly
        #expect(decoder.feed("q!q".unicodeScalars.map { .character($0.value) })
            == [.mouse(MouseEvent(.press(.left), at: Point(x: 80, y: 0))), .character("q")])
    }

    @Test func anX10ReportCutShortIsDroppedWhenInputGoesQuiet() {
        var decoder = KeyDecoder()
        #expect(decoder.feed("\u{1B}[M q".unicodeScalars.map { .character($0.value) }).isEmpty)
        #expect(decoder.finishPending().isEmpty)
        #expect(decoder.feed([.character(0x71)]) == [.character("q")])
    }

    @Test("urxvt (1015) reports are mouse events", arguments: [
        ("\u{1B}[32;10;5M", MouseEvent(.press(.left), at: Point(x: 9, y: 4))),
        ("\u{1B}[34;81;1M", MouseEvent(.press(.right), at: Point(x: 80, y: 0))),
        ("\u{1B}[96;3;3M", MouseEvent(.wheelUp, at: Point(x: 2, y: 2))),
        ("\u{1B}[97;3;3M", MouseEvent(.wheelDown, at: Point(x: 2, y: 2))),
    ])
    func urxvtReports(bytes: String, expected: MouseEvent) {
        #expect(decode(bytes + "x") == [.mouse(expected), .character("x")])
    }

    @Test("garbled and hostile urxvt reports are dropped whole", arguments: [
        "\u{1B}[35;10;5M",     // a release
        "\u{1B}[64;10;5M",     // motion
        "\u{1B}[31;10;5M",     // below the offset of 32
        "\u{1B}[32;0;5M",      // columns count from 1
        "\u{1B}[32;10M",       // a field missing
        "\u{1B}[32;10;5;5M",   // a field too many
        "\u{1B}[32;999999;5M", // more digits than any screen
    ])
    func garbledURXVT(bytes: String) {
        #expect(decode(bytes + "x") == [.character("x")])
    }

    @Test func anSS3CutByAMouseReportDoesNotTypeTheReport() {
        // `ESC O` then a whole SGR report: the report must not become the keys `[<0;10;5M`.
        #expect(decode("\u{1B}O\u{1B}[<0;10;5Mx") == [.mouse(MouseEvent(.press(.left), at: Point(x: 9, y: 4))), .character("x")])
        #expect(decode("\u{1B}O\u{1B}[M q!x") == [.mouse(MouseEvent(.press(.left), at: Point(x: 80, y: 0))), .character("x")])
    }

    @Test func clickCounterTellsDoubleClicks() {
        var counter = ClickCounter(interval: .milliseconds(400))
        let start = ContinuousClock.now
        let click = MouseEvent(.press(.left), at: Point(x: 5, y: 5))
        #expect(counter.count(click, at: start).clickCount == 1)
        #expect(counter.count(click, at: start + .milliseconds(300)).clickCount == 2)
        // A third press starts over; so do a late press and a press on another cell.
        #expect(counter.count(click, at: start + .milliseconds(350)).clickCount == 1)
        #expect(counter.count(click, at: start + .milliseconds(800)).clickCount == 1)
        #expect(counter.count(MouseEvent(.press(.left), at: Point(x: 6, y: 5)), at: start + .milliseconds(850))
            .clickCount == 1)
        // Not a click: passed through, counted as nothing.
        let wheel = MouseEvent(.wheelDown, at: Point(x: 6, y: 5))
        #expect(counter.count(wheel, at: start + .milliseconds(900)) == wheel)
    }
}
