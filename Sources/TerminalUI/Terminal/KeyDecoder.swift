/// What `wget_wch` returned: a curses key code (`KEY_CODE_YES`) or a wide character (`OK`).
enum RawInput: Hashable, Sendable {
    case code(Int32)
    case character(UInt32)
}

/// Turns curses input into `Key`s. Pure, so the table is unit-tested without a terminal.
/// The numeric key codes are ncurses' ABI (`KEY_UP` is 0o403 on every ncurses build).
///
/// Curses decodes the sequences its terminfo entry names; everything else arrives as ESC and the
/// bytes after it. Those are parsed here (ECMA-48: CSI, SS3, and the string controls OSC, DCS,
/// APC, PM, SOS) and consumed whole, so an unknown sequence never turns into the keys spelling it
/// (`ESC [ 1 q` is not `q`). A decoder keeps a sequence or a bracketed paste cut by the end of a
/// read until the next read completes it; a lone ESC at the end of a read is the Esc key (curses
/// already waited `ESCDELAY` for more).
struct KeyDecoder {
    static let keyDown: Int32 = 0o402
    static let keyUp: Int32 = 0o403
    static let keyLeft: Int32 = 0o404
    static let keyRight: Int32 = 0o405
    static let keyHome: Int32 = 0o406
    static let keyBackspace: Int32 = 0o407
    static let keyF0: Int32 = 0o410
    static let keyDelete: Int32 = 0o512
    static let keyInsert: Int32 = 0o513
    static let keyPageDown: Int32 = 0o522
    static let keyPageUp: Int32 = 0o523
    static let keyEnter: Int32 = 0o527
    static let keyA1: Int32 = 0o534
    static let keyA3: Int32 = 0o535
    static let keyB2: Int32 = 0o536
    static let keyC1: Int32 = 0o537
    static let keyC3: Int32 = 0o540
    static let keyBackTab: Int32 = 0o541
    static let keyEnd: Int32 = 0o550

    /// A paste keeps at most this many characters; the rest is read and dropped.
    static let pasteLimit = 10_000
    /// A control sequence or string longer than this is hostile or broken: dropped, parsing resumes.
    static let sequenceLimit = 4_096

    private enum Mode: Equatable {
        case ground
        case escape                     // ESC seen
        case csi([UInt32])              // parameters and intermediates so far
        case ss3                        // ESC O: one final byte follows
        case x10([UInt32])              // ESC [ M: the three bytes of an X10/normal mouse report so far
        case string(escaped: Bool)      // OSC/DCS/APC/PM/SOS until BEL or ST (ESC \)
        case paste(escaped: Bool)       // inside ESC [ 200 ~ … ESC [ 201 ~
    }

    private var mode = Mode.ground
    private var stringLength = 0
    private var pasted = String.UnicodeScalarView()
    private var pastedCount = 0
    /// Bytes after an ESC inside a paste, kept until they prove to be the end marker or not.
    private var pasteEscape: [UInt32] = []
    private var text = String.UnicodeScalarView()
    private var keys: [Key] = []

    init() {}

    /// Whether a sequence or paste is open, waiting for the next read.
    var isPending: Bool { mode != .ground }

    /// Whether an X10 mouse report still waits for some of its three bytes.
    var isInMouseReport: Bool {
        if case .x10 = mode { return true }
        return false
    }

    /// Decodes a batch read in one go. Consecutive printable characters are joined before being
    /// split into graphemes, so e + U+0301 or a pasted 👩‍💻 arrive as one `.character`.
    mutating func feed(_ inputs: [RawInput]) -> [Key] {
        for input in inputs { feed(input) }
        if mode == .escape {  // ESC alone at the end of a read: the Esc key
            mode = .ground
            keys.append(.escape)
        }
        flushText()
        defer { keys.removeAll() }
        return keys
    }

    /// Ends whatever is still open after the input has gone quiet: a paste whose end marker never
    /// came is delivered as it is, a cut sequence is dropped. Without this, a stray ESC [ 200 ~
    /// would swallow every later key as pasted text.
    mutating func finishPending() -> [Key] {
        if case .paste = mode {
            pasteEscape.removeAll()
            keys.append(.paste(String(pasted)))
            pasted.removeAll()
        } else if mode == .escape {
            keys.append(.escape)
        }
        mode = .ground
        flushText()
        defer { keys.removeAll() }
        return keys
    }

    /// Decodes a complete batch with a fresh decoder (an unfinished sequence at the end is dropped).
    static func decode(_ inputs: [RawInput]) -> [Key] {
        var decoder = KeyDecoder()
        return decoder.feed(inputs)
    }

    private mutating func feed(_ input: RawInput) {
        switch input {
        case .code(let code):
            switch mode {
            case .paste, .string: return  // curses matched a key inside: it is still text or string
            case .escape: mode = .ground  // ESC then a key curses knows: Alt-arrow and kin, dropped
            case .csi, .ss3, .x10: mode = .ground
            case .ground: flushText()
            }
            if let key = Self.decode(code: code) { keys.append(key) }
        case .character(let value):
            feed(value)
        }
    }

    private mutating func feed(_ value: UInt32) {
        switch mode {
        case .ground:
            if Self.isPrintable(value), let scalar = Unicode.Scalar(value) {
                text.append(scalar)  // a combining mark continues the run; anything else printable does too
                return
            }
            flushText()
            switch value {
            case 27: mode = .escape
            case 0x9B: mode = .csi([])
            case 0x8F: mode = .ss3
            case 0x90, 0x98, 0x9D, 0x9E, 0x9F: startString()
            default: if let key = Self.decode(.character(value)) { keys.append(key) }
            }
        case .escape:
            switch value {
            case 0x5B: mode = .csi([])           // [
            case 0x4F: mode = .ss3               // O
            case 0x50, 0x58, 0x5D, 0x5E, 0x5F: startString()  // P X ] ^ _
            case 27: keys.append(.escape)        // Esc pressed twice: the first one was a key
            default:
                mode = .ground
                if Self.isPrintable(value), let scalar = Unicode.Scalar(value) {
                    keys.append(.alt(Character(scalar)))
                } else if let key = Self.decode(.character(value)) {
                    keys.append(key)  // ESC before a control key: the control key alone
                }
            }
        case .csi(var bytes):
            switch value {
            case 0x20...0x3F:
                bytes.append(value)
                mode = bytes.count > Self.sequenceLimit ? .ground : .csi(bytes)
            case 0x40...0x7E:
                mode = .ground
                if bytes.isEmpty, value == 0x4D {  // ESC [ M: an X10/normal mouse report, three bytes follow
                    mode = .x10([])
                } else if bytes == [0x32, 0x30, 0x30], value == 0x7E {  // 200~: a paste begins
                    mode = .paste(escaped: false)
                    pasted.removeAll()
                    pastedCount = 0
                    pasteEscape.removeAll()
                } else if let key = Self.csiKey(parameters: bytes, final: value) {
                    keys.append(key)
                }
            case 27: mode = .escape  // a broken sequence: start over at the new one
            default: mode = .ground  // a control or non-ASCII byte cannot be inside: drop the sequence
            }
        case .ss3:
            // A new sequence where the final byte should be: the SS3 was cut, the new one starts
            // (else `ESC O ESC [ < 0 ; 1 0 ; 5 M` would type the report's bytes).
            switch value {
            case 27: mode = .escape
            case 0x9B: mode = .csi([])
            default:
                mode = .ground
                if let key = Self.ss3Key(final: value) { keys.append(key) }
            }
        case .x10(var bytes):
            // Any value is a report byte here, whatever it spells: all three are consumed.
            bytes.append(value)
            if bytes.count < 3 {
                mode = .x10(bytes)
            } else {
                mode = .ground
                if let event = Self.x10Mouse(bytes) { keys.append(.mouse(event)) }
            }
        case .string(let escaped):
            stringLength += 1
            if value == 0x07 || value == 0x9C || (escaped && value == 0x5C) || stringLength > Self.sequenceLimit {
                mode = .ground
            } else {
                mode = .string(escaped: value == 27)
            }
        case .paste(let escaped):
            feedPaste(value, escaped: escaped)
        }
    }

    private mutating func startString() {
        mode = .string(escaped: false)
        stringLength = 0
    }

    /// Inside a paste: everything is text until ESC [ 2 0 1 ~. Any other ESC in the pasted text is
    /// dropped (what follows it stays text), so a paste can never set colours or titles later.
    private mutating func feedPaste(_ value: UInt32, escaped: Bool) {
        guard escaped || !pasteEscape.isEmpty else {
            if value == 27 { mode = .paste(escaped: true) } else { appendPasted(value) }
            return
        }
        if value == 27 {  // another ESC: what was held is text, the end marker may start here
            releasePasteEscape()
            mode = .paste(escaped: true)
            return
        }
        pasteEscape.append(value)
        let marker: [UInt32] = [0x5B, 0x32, 0x30, 0x31, 0x7E]  // [201~
        mode = .paste(escaped: false)
        if pasteEscape == marker {
            mode = .ground
            pasteEscape.removeAll()
            keys.append(.paste(String(pasted)))
            pasted.removeAll()
        } else if !marker.starts(with: pasteEscape) {
            releasePasteEscape()
        }
    }

    private mutating func releasePasteEscape() {
        let held = pasteEscape
        pasteEscape.removeAll()
        for value in held { appendPasted(value) }
    }

    private mutating func appendPasted(_ value: UInt32) {
        guard pastedCount < Self.pasteLimit else { return }
        var value = value
        if value == 13 {
            value = 10  // CR (what terminals send for a line break) and CR LF: one \n
        } else if value == 10, pasted.last == "\n" {
            return
        }
        guard value == 9 || value == 10 || Self.isPrintable(value), let scalar = Unicode.Scalar(value) else { return }
        pasted.append(scalar)
        pastedCount += 1
    }

    private mutating func flushText() {
        guard !text.isEmpty else { return }
        for character in String(text) { keys.append(.character(character)) }
        text.removeAll()
    }

    /// Decodes one input; nil for codes mvx does not use (mouse, KEY_RESIZE, stray controls).
    static func decode(_ input: RawInput) -> Key? {
        switch input {
        case .code(let code):
            return decode(code: code)
        case .character(let value):
            switch value {
            case 9: return .tab
            case 10, 13: return .enter
            case 27: return .escape
            case 8, 127: return .backspace
            case 1...26: return .control(Character(Unicode.Scalar(UInt8(value) + 0x60)))
            default:
                guard isPrintable(value), let scalar = Unicode.Scalar(value) else { return nil }
                return .character(Character(scalar))
            }
        }
    }

    static func decode(code: Int32) -> Key? {
        switch code {
        case keyUp: return .up
        case keyDown: return .down
        case keyLeft: return .left
        case keyRight: return .right
        case keyHome: return .home
        case keyEnd: return .end
        case keyPageUp: return .pageUp
        case keyPageDown: return .pageDown
        case keyDelete: return .delete
        case keyInsert: return .insert
        case keyBackspace: return .backspace
        case keyEnter: return .enter
        case keyBackTab: return .backTab
        // The five keypad keys terminfo may name (the corners and the centre).
        case keyA1: return .keypad("7")
        case keyA3: return .keypad("9")
        case keyB2: return .keypad("5")
        case keyC1: return .keypad("1")
        case keyC3: return .keypad("3")
        case (keyF0 + 1)...(keyF0 + 12): return .function(Int(code - keyF0))
        default: return nil
        }
    }

    /// The arrows, Home and End: the same final byte after `ESC [` and after `ESC O`.
    private static let cursorKeys: [Character: Key] = [
        "A": .up, "B": .down, "C": .right, "D": .left, "H": .home, "F": .end]

    /// The key of `ESC [ parameters final`, for the common xterm/VT220 spellings without
    /// modifiers; nil for the rest (modified keys, mouse reports, replies, unknown sequences).
    static func csiKey(parameters: [UInt32], final: UInt32) -> Key? {
        let text = String(String.UnicodeScalarView(parameters.compactMap(Unicode.Scalar.init)))
        if text.hasPrefix("<") { return sgrMouse(text.dropFirst(), final: final).map(Key.mouse) }
        if final == 0x4D, text.contains(";") { return urxvtMouse(text[...]).map(Key.mouse) }
        guard text.isEmpty || text == "1" || final == 0x7E else { return nil }
        let character = Unicode.Scalar(final).map(Character.init)
        if let character, let key = cursorKeys[character] { return key }
        switch character {
        case "Z": return text.isEmpty ? .backTab : nil
        case "~":
            switch text {
            case "1", "7": return .home
            case "2": return .insert
            case "3": return .delete
            case "4", "8": return .end
            case "5": return .pageUp
            case "6": return .pageDown
            case "11": return .function(1)
            case "12": return .function(2)
            case "13": return .function(3)
            case "14": return .function(4)
            case "15": return .function(5)
            case "17": return .function(6)
            case "18": return .function(7)
            case "19": return .function(8)
            case "20": return .function(9)
            case "21": return .function(10)
            case "23": return .function(11)
            case "24": return .function(12)
            default: return nil
            }
        default: return nil
        }
    }

    /// The largest cell coordinate a mouse report may name; beyond it the report is garbage.
    static let mouseCoordinateLimit = 10_000

    /// The event of a mouse report: button 1-5 (4 and 5 the wheel), press or release, the cell from
    /// 0; nil for what mvx did not ask for (a wheel "release", other buttons) and for cells no
    /// terminal has.
    static func mouseEvent(button: Int, pressed: Bool, x: Int, y: Int) -> MouseEvent? {
        guard (0..<mouseCoordinateLimit).contains(x), (0..<mouseCoordinateLimit).contains(y) else { return nil }
        let position = Point(x: x, y: y)
        switch (button, pressed) {
        case (1, _): return MouseEvent(pressed ? .press(.left) : .release(.left), at: position)
        case (2, _): return MouseEvent(pressed ? .press(.middle) : .release(.middle), at: position)
        case (3, _): return MouseEvent(pressed ? .press(.right) : .release(.right), at: position)
        case (4, true): return MouseEvent(.wheelUp, at: position)
        case (5, true): return MouseEvent(.wheelDown, at: position)
        default: return nil
        }
    }

    /// An SGR (1006) mouse report, `ESC [ < b ; x ; y M` (press) or `m` (release): the encoding mvx
    /// asks for, and curses leaves these to the decoder (`keyok`). `b`'s low two bits are
    /// the button, 64 marks the wheel, 32 motion (never asked for: dropped), 4/8/16 modifiers
    /// (ignored); x and y count from 1. Anything malformed is dropped whole, never typed.
    static func sgrMouse(_ text: Substring, final: UInt32) -> MouseEvent? {
        guard final == 0x4D || final == 0x6D else { return nil }  // M or m
        let fields = text.split(separator: ";", omittingEmptySubsequences: false)
        guard fields.count == 3, fields.allSatisfy({ (1...5).contains($0.count) && $0.allSatisfy { ("0"..."9").contains($0) } }),
              let code = Int(fields[0]), let column = Int(fields[1]), let row = Int(fields[2]),
              (0..<128).contains(code), column >= 1, row >= 1, code & 32 == 0 else { return nil }
        let pressed = final == 0x4D
        // Without the wheel bit, 3 is X10's "released" (not SGR's): not a button.
        let button = code & 64 != 0 ? 4 + (code & 3) : code & 3 == 3 ? 0 : 1 + (code & 3)
        return mouseEvent(button: button, pressed: pressed, x: column - 1, y: row - 1)
    }

    /// An X10/normal (mode 1000 without 1006) report's three values after `ESC [ M`: the button code,
    /// column and row, each offset by 32 (coordinates also from 1; UTF-8 coded past 95 under 1005).
    /// Sent by terminals that ignore the SGR request (GNU screen, serial consoles); never typed.
    static func x10Mouse(_ values: [UInt32]) -> MouseEvent? {
        guard values.count == 3 else { return nil }
        return legacyMouse(code: Int(values[0]) - 32, column: Int(values[1]) - 32, row: Int(values[2]) - 32)
    }

    /// An urxvt (1015) report, `ESC [ b ; x ; y M`: X10's values as decimals (b still offset by 32).
    static func urxvtMouse(_ text: Substring) -> MouseEvent? {
        let fields = text.split(separator: ";", omittingEmptySubsequences: false)
        guard fields.count == 3, fields.allSatisfy({ (1...5).contains($0.count) && $0.allSatisfy { ("0"..."9").contains($0) } }),
              let code = Int(fields[0]), let column = Int(fields[1]), let row = Int(fields[2]) else { return nil }
        return legacyMouse(code: code - 32, column: column, row: row)
    }

    /// X10's button code: low two bits the button (3 a release of any, which mvx cannot tell
    /// apart: dropped), 64 the wheel, 32 motion (never asked for: dropped), 4/8/16 modifiers.
    private static func legacyMouse(code: Int, column: Int, row: Int) -> MouseEvent? {
        guard (0..<128).contains(code), code & 32 == 0, column >= 1, row >= 1 else { return nil }
        let button = code & 64 != 0 ? 4 + (code & 3) : code & 3 == 3 ? 0 : 1 + (code & 3)
        return mouseEvent(button: button, pressed: true, x: column - 1, y: row - 1)
    }

    /// The key of `ESC O final`: cursor and F1–F4 in application mode, and the keypad.
    static func ss3Key(final: UInt32) -> Key? {
        guard let character = Unicode.Scalar(final).map(Character.init) else { return nil }
        if let key = cursorKeys[character] { return key }
        switch character {
        case "P": return .function(1)
        case "Q": return .function(2)
        case "R": return .function(3)
        case "S": return .function(4)
        case "M": return .enter
        default:
            // DECKPAM: ESC O p … y are 0 … 9, then j * k + l , m - n . o / X =.
            let keypad: [Character: Character] = [
                "p": "0", "q": "1", "r": "2", "s": "3", "t": "4", "u": "5", "v": "6", "w": "7", "x": "8", "y": "9",
                "j": "*", "k": "+", "l": ",", "m": "-", "n": ".", "o": "/", "X": "=",
            ]
            return keypad[character].map(Key.keypad)
        }
    }

    private static func isPrintable(_ value: UInt32) -> Bool {
        value >= 0x20 && value != 0x7F && !(0x80...0x9F).contains(value) && Unicode.Scalar(value) != nil
    }
}
