import Testing
@testable import Terminal

/// The terminal's answer to OSC 11 (`ESC ] 11 ; ?`): the colour in it, whatever its terminator,
/// and nothing — never a crash — from anything else.
@Suite("Background: the OSC 11 reply")
struct OSC11ReplyTests {
    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test("rgb: with 4, 2 and 1 hex digits a channel, ended by BEL or ST", arguments: [
        ("\u{1B}]11;rgb:ffff/ffff/ffff\u{07}", RGBColor.white),
        ("\u{1B}]11;rgb:ffff/ffff/ffff\u{1B}\\", RGBColor.white),
        ("\u{1B}]11;rgb:0000/0000/0000\u{1B}\\", RGBColor.black),
        ("\u{1B}]11;rgb:1e1e/1e1e/2e2e\u{07}", RGBColor(red: 30, green: 30, blue: 46)),
        ("\u{1B}]11;rgb:FD/F6/E3\u{07}", RGBColor(red: 253, green: 246, blue: 227)),  // Solarized light, upper case
        ("\u{1B}]11;rgb:f/8/0\u{07}", RGBColor(red: 255, green: 136, blue: 0)),
        ("\u{1B}]11;rgb:fff/000/800\u{1B}\\", RGBColor(red: 255, green: 0, blue: 128)),
        ("\u{1B}]11;rgba:ffff/ffff/ffff/8000\u{07}", RGBColor.white),  // alpha ignored
    ])
    func colour(reply: String, expected: RGBColor) {
        #expect(BackgroundDetection.color(inReply: Self.bytes(reply)) == expected)
    }

    @Test("the 8-bit ST (0x9C) ends it too")
    func eightBitTerminator() {
        #expect(BackgroundDetection.color(inReply: Self.bytes("\u{1B}]11;rgb:00/00/00") + [0x9C]) == .black)
    }

    @Test("garbage is nil", arguments: [
        "",
        "rgb:ffff/ffff/ffff",                              // no OSC around it
        "\u{1B}]11;rgb:ffff/ffff/ffff",                    // never ended
        "\u{1B}]10;rgb:ffff/ffff/ffff\u{07}",              // the foreground's answer
        "\u{1B}]11;?\u{07}",                               // the query echoed back
        "\u{1B}]11;rgb:ffff/ffff\u{07}",                   // two channels
        "\u{1B}]11;rgb:ffff/ffff/ffff/ffff\u{07}",         // four without rgba
        "\u{1B}]11;rgb:fffff/ffff/ffff\u{07}",             // five digits
        "\u{1B}]11;rgb:gg/00/00\u{07}",                    // not hex
        "\u{1B}]11;rgb:/00/00\u{07}",                      // an empty channel
        "\u{1B}]11;rgb:+f/00/00\u{07}",                    // a sign UInt32(radix:) would take
        "\u{1B}]11;#ffffff\u{07}",                         // not how terminals answer
        "\u{1B}]11;rgb:ff/ff/ff\u{1B}x",                   // ESC and not ST: cut short
        "x\u{1B}]11;rgb:ff/ff/ff\u{07}",                   // something else before it
        "\u{1B}]11;rgb:ff/ff/ff\u{07}x",                   // something else after it
        "\u{1B}]11;rgb:ff/ff/ff é\u{07}",                  // non-ASCII inside
    ])
    func garbage(reply: String) {
        #expect(BackgroundDetection.color(inReply: Self.bytes(reply)) == nil)
    }

    @Test func aHugeStringIsDropped() {
        let long = "\u{1B}]11;rgb:" + String(repeating: "f", count: 10_000) + "/0/0\u{07}"
        #expect(BackgroundDetection.color(inReply: Self.bytes(long)) == nil)
    }

    @Test("random bytes never crash and never yield a colour without an OSC 11 reply in them")
    func randomBytes() {
        var generator = SplitMix(seed: 11)
        let alphabet = Self.bytes("\u{1B}]\u{07}\\;1/f0rgb:[?c") + [0x9C, 0xC3]
        let marker = Self.bytes("]11;rgb:")
        for _ in 0..<5_000 {
            let count = Int(generator.next() % 48)
            var bytes = (0..<count).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
            // Half the time a real reply, somewhere, for the garbage around it to spoil or not.
            if generator.next() % 2 == 0 {
                bytes.insert(contentsOf: Self.bytes("\u{1B}]11;rgb:f/0/f\u{07}"), at: Int(generator.next() % UInt64(bytes.count + 1)))
            }
            if let colour = BackgroundDetection.color(inReply: bytes) {
                let hasReply = (0...(bytes.count - marker.count)).contains { bytes[$0..<($0 + marker.count)].elementsEqual(marker) }
                #expect(hasReply, "\(bytes) gave \(colour)")
            }
        }
    }
}

/// What the terminal sends while the query is out: the OSC 11 and DA1 answers are taken out,
/// anything else (keys typed meanwhile) is kept, in order, for the app.
@Suite("Background: sorting the answers from typed keys")
struct ReplyScannerTests {
    static func scan(_ text: String, finish: Bool = true) -> ReplyScanner {
        var scanner = ReplyScanner()
        scanner.feed(Array(text.utf8))
        if finish { scanner.finish() }
        return scanner
    }

    @Test func bothAnswers() {
        let scanner = Self.scan("\u{1B}]11;rgb:ffff/ffff/ffff\u{1B}\\\u{1B}[?64;1;2;6;22c")
        #expect(scanner.background == .white)
        #expect(scanner.answeredDA1)
        #expect(scanner.other.isEmpty)
    }

    @Test("a terminal that ignores OSC 11 still answers DA1")
    func onlyDA1() {
        let scanner = Self.scan("\u{1B}[?1;2c")
        #expect(scanner.background == nil)
        #expect(scanner.answeredDA1)
    }

    @Test("keys typed meanwhile are kept, in order, arrow keys whole")
    func typedAhead() {
        let scanner = Self.scan("l\u{1B}]11;rgb:0/0/0\u{07}x\u{1B}[A\u{1B}[?6c張")
        #expect(scanner.background == .black)
        #expect(scanner.answeredDA1)
        #expect(scanner.other == Array("lx\u{1B}[A張".utf8))
    }

    @Test("an Esc typed last is kept; a reply cut by the time limit is dropped")
    func endOfTime() {
        #expect(Self.scan("a\u{1B}").other == Array("a\u{1B}".utf8))
        let cut = Self.scan("\u{1B}]11;rgb:ff", finish: false)
        #expect(cut.isInSequence, "the query waits a little longer for its end")
        var finished = cut
        finished.finish()
        #expect(finished.background == nil && finished.other.isEmpty)
    }

    @Test("another OSC string and a CSI answer other than DA1")
    func otherSequences() {
        let scanner = Self.scan("\u{1B}]4;1;rgb:cd/00/00\u{07}\u{1B}[5n")
        #expect(scanner.background == nil)
        #expect(!scanner.answeredDA1)
        #expect(scanner.other == Array("\u{1B}[5n".utf8), "not a reply mvx asked for: left for the key decoder")
    }

    @Test("typed bytes become the characters curses would hand over")
    func typedBytesAsInput() {
        let inputs = TerminalSession.rawInput(typedAhead: Array("q張".utf8) + [0xFF, 0x0D])
        #expect(inputs == [.character(0x71), .character(0x5F35), .character(13)], "a byte that is not UTF-8 is dropped")
        #expect(KeyDecoder.decode(TerminalSession.rawInput(typedAhead: Array("\u{1B}[A".utf8))) == [.up])
    }
}

/// `COLORFGBG` and the choice between what the terminal said and what the user asked for.
@Suite("Background: COLORFGBG and --theme")
struct ThemeChoiceTests {
    @Test("COLORFGBG", arguments: [
        ("0;15", Appearance?.some(.light)), ("15;0", .dark), ("0;default;15", .light), ("15;default;0", .dark),
        ("0;7", .light), ("7;0", .dark), ("0;230", .light), ("15;234", .dark), ("12;4", .dark), ("0;11", .light),
        ("default;default", nil), ("", nil), ("15;", nil), (";", nil), ("0;256", nil), ("0;-1", nil), ("0;+7", nil),
        ("0; 15", nil), ("0;١٥", nil), ("white;black", nil), ("0;0015", nil),
        (String(repeating: "0;", count: 100) + "15", nil),
    ])
    func colorFGBG(value: String, expected: Appearance?) {
        #expect(BackgroundDetection.appearance(colorFGBG: value) == expected)
    }

    @Test func absentColorFGBG() {
        #expect(BackgroundDetection.appearance(colorFGBG: nil) == nil)
    }

    @Test("the terminal's answer wins over COLORFGBG, which may be stale")
    func replyFirst() {
        #expect(BackgroundDetection.appearance(reply: .white, environment: ["COLORFGBG": "15;0"]) == .light)
        #expect(BackgroundDetection.appearance(reply: .black, environment: ["COLORFGBG": "0;15"]) == .dark)
        #expect(BackgroundDetection.appearance(reply: nil, environment: ["COLORFGBG": "0;15"]) == .light)
        #expect(BackgroundDetection.appearance(reply: nil, environment: [:]) == nil)
    }

    @Test("a background is light where black text reads better on it than white")
    func lightOrDark() {
        #expect(RGBColor(red: 253, green: 246, blue: 227).isLight)   // Solarized light
        #expect(!RGBColor(red: 0, green: 43, blue: 54).isLight)      // Solarized dark
        #expect(!RGBColor(red: 30, green: 30, blue: 30).isLight)
        #expect(RGBColor(red: 128, green: 128, blue: 128).isLight)   // mid grey: black 5.3:1, white 3.9:1
        #expect(!RGBColor(red: 110, green: 110, blue: 110).isLight)
    }

    @Test("auto takes what was detected, dark when nothing was; dark and light are fixed")
    func choice() {
        #expect(ThemeChoice.auto.appearance(detected: .light) == .light)
        #expect(ThemeChoice.auto.appearance(detected: .dark) == .dark)
        #expect(ThemeChoice.auto.appearance(detected: nil) == .dark)
        #expect(ThemeChoice.dark.appearance(detected: .light) == .dark)
        #expect(ThemeChoice.light.appearance(detected: .dark) == .light)
        #expect(ThemeChoice.light.appearance(detected: nil) == .light)
    }
}

/// WCAG 2's formulas and xterm's palette, which the theme contrast tests are built on.
@Suite("Contrast maths")
struct ContrastMathsTests {
    @Test func knownRatios() {
        #expect(abs(RGBColor.black.contrastRatio(with: .white) - 21) < 1e-9)
        #expect(abs(RGBColor.white.contrastRatio(with: .white) - 1) < 1e-9)
        let grey = RGBColor(red: 0x76, green: 0x76, blue: 0x76)  // the lightest grey that passes AA on white
        #expect(abs(grey.contrastRatio(with: .white) - 4.54) < 0.01)
        #expect(abs(RGBColor(red: 0x77, green: 0x77, blue: 0x77).contrastRatio(with: .white) - 4.48) < 0.01)
        #expect(abs(RGBColor(red: 255, green: 0, blue: 0).relativeLuminance - 0.2126) < 1e-9)
    }

    @Test("xterm's 256 colours: the sixteen, the cube and the grey ramp")
    func palette() {
        #expect(Color.xtermRGB(index: 1) == RGBColor(red: 205, green: 0, blue: 0))
        #expect(Color.xtermRGB(index: 15) == .white)
        #expect(Color.xtermRGB(index: 16) == .black)
        #expect(Color.xtermRGB(index: 130) == RGBColor(red: 0xaf, green: 0x5f, blue: 0))
        #expect(Color.xtermRGB(index: 231) == .white)
        #expect(Color.xtermRGB(index: 232) == RGBColor(red: 8, green: 8, blue: 8))
        #expect(Color.xtermRGB(index: 255) == RGBColor(red: 238, green: 238, blue: 238))
        #expect(Color.xtermRGB(.white) == RGBColor(red: 229, green: 229, blue: 229))
    }
}

/// A style with a look per background: the screen draws one of them.
@Suite("Styles with two looks")
struct TwoLookStyleTests {
    static let themed = Style(dark: Style(foreground: .indexed(252, fallback: .white), attributes: .bold),
                              light: Style(foreground: .indexed(235, fallback: nil), attributes: .bold))

    @Test func eachBackgroundItsLook() {
        #expect(Self.themed.resolved(for: .dark) == Style(foreground: .indexed(252, fallback: .white), attributes: .bold))
        #expect(Self.themed.resolved(for: .light) == Style(foreground: .indexed(235, fallback: nil), attributes: .bold))
        #expect(Self.themed.foreground == .indexed(252, fallback: .white), "the fields are the dark look")
        #expect(Style.dim.resolved(for: .light) == .dim, "a style with one look is the same on both")
    }

    @Test("added attributes reach both looks")
    func withAttributes() {
        let reversed = Self.themed.with(.reverse)
        #expect(reversed.resolved(for: .dark).attributes == [.bold, .reverse])
        #expect(reversed.resolved(for: .light).attributes == [.bold, .reverse])
    }

    @Test("no fallback is the terminal's own colour on 8 colours")
    func defaultFallback() {
        let colour = Color.indexed(235, fallback: nil)
        #expect(ColorSupport.basic8.terminalIndex(of: colour) == -1)
        #expect(ColorSupport.indexed256.terminalIndex(of: colour) == 235)
    }
}

/// A small deterministic generator for the fuzz loop.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
