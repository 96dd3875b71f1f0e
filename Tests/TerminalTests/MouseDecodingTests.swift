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
