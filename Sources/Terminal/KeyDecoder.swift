/// What `wget_wch` returned: a curses key code (`KEY_CODE_YES`) or a wide character (`OK`).
enum RawInput: Hashable, Sendable {
    case code(Int32)
    case character(UInt32)
}

/// Turns curses input into `Key`s. Pure, so the table is unit-tested without a terminal.
/// The numeric key codes are ncurses' ABI (`KEY_UP` is 0o403 on every ncurses build).
enum KeyDecoder {
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
    static let keyBackTab: Int32 = 0o541
    static let keyEnd: Int32 = 0o550

    /// Decodes a batch read in one go. Consecutive printable characters are joined before being
    /// split into graphemes, so e + U+0301 or a pasted 👩‍💻 arrive as one `.character`.
    static func decode(_ inputs: [RawInput]) -> [Key] {
        var keys: [Key] = []
        var text = String.UnicodeScalarView()
        func flush() {
            for character in String(text) { keys.append(.character(character)) }
            text.removeAll()
        }
        for input in inputs {
            if case .character(let value) = input, isPrintable(value), let scalar = Unicode.Scalar(value) {
                // A combining mark continues the run; anything else printable does too.
                text.append(scalar)
                continue
            }
            flush()
            if let key = decode(input) { keys.append(key) }
        }
        flush()
        return keys
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
        case (keyF0 + 1)...(keyF0 + 12): return .function(Int(code - keyF0))
        default: return nil
        }
    }

    private static func isPrintable(_ value: UInt32) -> Bool {
        value >= 0x20 && value != 0x7F && !(0x80...0x9F).contains(value) && Unicode.Scalar(value) != nil
    }
}
