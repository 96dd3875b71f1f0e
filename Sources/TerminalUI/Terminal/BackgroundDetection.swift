/// Whether the terminal's background is dark or light, from what the terminal says: its answer to
/// an OSC 11 query, else the `COLORFGBG` variable some terminals set. Everything here only parses
/// (garbage gives nil, never a crash); `TerminalSession` sends the query and reads the answer.
package enum BackgroundDetection {
    /// OSC 11 asks for the background colour; DA1 (`ESC [ c`) after it is answered by every
    /// terminal, in order, so a terminal that ignores OSC 11 costs one round trip, not the timeout.
    static let query = "\u{1B}]11;?\u{07}\u{1B}[c"
    /// The longest the query may hold up the start: a terminal that answers nothing (a bare
    /// pseudo-terminal, a very slow link) leaves the appearance to `COLORFGBG`. A reply that comes
    /// later still is read by `KeyDecoder`, which drops control strings and unknown sequences whole.
    static let timeoutMilliseconds = 100
    /// A reply already begun when the time is up may take this much longer to end.
    static let graceMilliseconds = 50

    /// The appearance to use: the terminal's reported background first (it is the truth, where
    /// `COLORFGBG` may be stale, inherited through ssh or tmux), then `COLORFGBG`; nil when neither says.
    package static func appearance(reply: RGBColor?, environment: [String: String]) -> Appearance? {
        if let reply { return reply.isLight ? .light : .dark }
        return appearance(colorFGBG: environment["COLORFGBG"])
    }

    /// `COLORFGBG` as rxvt, Konsole and others set it: `fg;bg` or `fg;default;bg`, colour numbers.
    /// The last field is the background; its xterm colour decides ("0;15" light, "15;0" dark).
    /// Anything else — "default", a name, a number past 255, an empty value — says nothing.
    package static func appearance(colorFGBG: String?) -> Appearance? {
        guard let colorFGBG, colorFGBG.utf8.count <= 64,
              let last = colorFGBG.split(separator: ";", omittingEmptySubsequences: false).last,
              (1...3).contains(last.utf8.count), last.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
              let number = UInt8(last)
        else { return nil }
        return Color.xtermRGB(index: number).isLight ? .light : .dark
    }

    /// The colour in a whole OSC 11 reply — `ESC ] 11 ; rgb:RRRR/GGGG/BBBB` ended by BEL or ST
    /// (`ESC \`) — or nil for anything else.
    package static func color(inReply bytes: [UInt8]) -> RGBColor? {
        var scanner = ReplyScanner()
        scanner.feed(bytes)
        return scanner.isInSequence || !scanner.other.isEmpty ? nil : scanner.background
    }

    /// The colour of an X11 colour spec as terminals report it: `rgb:` then three fields of 1 to 4
    /// hex digits each (`rgb:ffff/ffff/ffff`, `rgb:ff/ff/ff`), or `rgba:` with a fourth (alpha, ignored).
    package static func color(spec: String) -> RGBColor? {
        let fields: [Substring]
        if spec.hasPrefix("rgb:") {
            fields = spec.dropFirst(4).split(separator: "/", omittingEmptySubsequences: false)
            guard fields.count == 3 else { return nil }
        } else if spec.hasPrefix("rgba:") {
            fields = spec.dropFirst(5).split(separator: "/", omittingEmptySubsequences: false)
            guard fields.count == 4 else { return nil }
        } else {
            return nil
        }
        var channels: [UInt8] = []
        for field in fields.prefix(3) {
            guard (1...4).contains(field.utf8.count), field.utf8.allSatisfy(isHexDigit),
                  let value = UInt32(field, radix: 16)
            else { return nil }
            // An n-digit field is a fraction of 16^n − 1 (X11's rule): `f` and `ffff` are both full.
            let maximum = (UInt32(1) << (4 * UInt32(field.utf8.count))) - 1
            channels.append(UInt8((value * 255 + maximum / 2) / maximum))
        }
        return RGBColor(red: channels[0], green: channels[1], blue: channels[2])
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
    }
}

/// Sorts what the terminal sent while the query was out: the OSC 11 reply (its colour kept), the
/// DA1 reply (noted: nothing more is coming) and everything else, kept in order as `other` —
/// keys typed meanwhile, handed to the app as if read after the query. Other OSC strings are
/// dropped, as is one longer than `limit`.
struct ReplyScanner {
    private(set) var background: RGBColor?
    private(set) var answeredDA1 = false
    private(set) var other: [UInt8] = []

    /// A control string or sequence longer than this is not a reply: dropped whole.
    static let limit = 256

    private enum Mode {
        case ground, escape
        case osc(escaped: Bool)
        case csi
    }

    private var mode = Mode.ground
    private var sequence: [UInt8] = []
    private var overflowed = false

    /// Whether a reply has begun and not ended.
    var isInSequence: Bool {
        if case .ground = mode { return false }
        return true
    }

    mutating func feed(_ bytes: some Sequence<UInt8>) {
        for byte in bytes { feed(byte) }
    }

    /// Ends the scan when the time is up: an ESC or a CSI sequence still open was typed (the Esc
    /// key, an arrow key's first bytes) and joins `other`; an open control string was a reply cut
    /// short, and is dropped.
    mutating func finish() {
        switch mode {
        case .escape: other.append(0x1B)
        case .csi: other += [0x1B, 0x5B] + sequence
        case .ground, .osc: break
        }
        mode = .ground
        sequence = []
    }

    private mutating func feed(_ byte: UInt8) {
        switch mode {
        case .ground:
            if byte == 0x1B { mode = .escape } else { other.append(byte) }
        case .escape:
            switch byte {
            case 0x5D: mode = .osc(escaped: false); sequence = []; overflowed = false  // ]
            case 0x5B: mode = .csi; sequence = []                    // [
            case 0x1B: other.append(0x1B)                            // Esc typed: the next ESC may start a reply
            default: other += [0x1B, byte]; mode = .ground
            }
        case .osc(let escaped):
            if escaped {
                // ESC \ is ST; ESC and anything else cut the string short, and a new sequence starts.
                if byte == 0x5C {
                    finishOSC()
                } else {
                    mode = .escape
                    feed(byte)
                }
            } else if byte == 0x07 || byte == 0x9C {
                finishOSC()
            } else if byte == 0x1B {
                mode = .osc(escaped: true)
            } else if sequence.count < Self.limit {
                sequence.append(byte)
            } else {
                overflowed = true  // read on to its end, which is dropped with it
            }
        case .csi:
            switch byte {
            case 0x20...0x3F where sequence.count < Self.limit:
                sequence.append(byte)
            case 0x40...0x7E:
                mode = .ground
                if byte == 0x63, sequence.first == 0x3F {  // ESC [ ? … c: the answer to DA1
                    answeredDA1 = true
                } else {
                    other += [0x1B, 0x5B] + sequence + [byte]  // a key typed meanwhile (ESC [ A)
                }
            case 0x1B:
                mode = .escape  // a cut sequence: the new one starts here
            default:
                mode = .ground  // not a sequence: dropped, as KeyDecoder would
            }
        }
    }

    private mutating func finishOSC() {
        mode = .ground
        let body = sequence
        sequence = []
        guard !overflowed else { return }
        let prefix = Array("11;".utf8)
        guard body.starts(with: prefix) else { return }
        let spec = String(decoding: body.dropFirst(prefix.count), as: UTF8.self)
        if let colour = BackgroundDetection.color(spec: spec) { background = colour }
    }
}
