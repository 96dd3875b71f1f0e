/// One decoded key press, independent of curses key codes.
// Public only because `View`'s open methods take it; its members are package.
public enum Key: Hashable, Sendable, CustomStringConvertible {
    /// A printable character (already a whole grapheme where the terminal sent one).
    case character(Character)
    /// Ctrl plus a letter, lower-cased: Ctrl-C is `.control("c")`.
    case control(Character)
    case enter, escape, backspace, delete, tab, backTab
    case up, down, left, right, home, end, pageUp, pageDown, insert
    case function(Int)
    /// A key of the numeric keypad in application mode, by what it is labelled: `"1"`, `"-"`,
    /// `"+"`, `"*"`, `"/"`, `"."`, `"="`, `"0"`…`"9"`. Distinct from the digits on purpose: nothing
    /// binds it, so keypad 1 does not act as `1` (keypad Enter arrives as `.enter`).
    case keypad(Character)
    /// Alt (Meta) plus a character, sent by the terminal as ESC and the character. Nothing binds it.
    case alt(Character)
    /// Text pasted while bracketed paste was on, as one event: never commands. Control characters
    /// are removed (tabs and line breaks kept as `\t` and `\n`) and the text is capped at
    /// `KeyDecoder.pasteLimit` characters.
    case paste(String)
    /// A mouse report (only while mouse reporting is on). Not a key, but it travels with the keys
    /// so that its order against them is kept: a click between two keys acts between them.
    case mouse(MouseEvent)

    /// A short human name, as the key bar and the trace pane print it.
    public var description: String {
        switch self {
        case .character(" "): "Space"
        case .character(let c): String(c)
        case .control(let c): "Ctrl-\(c.uppercased())"
        case .enter: "Enter"
        case .escape: "Esc"
        case .backspace: "Backspace"
        case .delete: "Delete"
        case .tab: "Tab"
        case .backTab: "Shift-Tab"
        case .up: "↑"
        case .down: "↓"
        case .left: "←"
        case .right: "→"
        case .home: "Home"
        case .end: "End"
        case .pageUp: "PgUp"
        case .pageDown: "PgDn"
        case .insert: "Insert"
        case .function(let n): "F\(n)"
        case .keypad(let c): "Keypad \(c)"
        case .alt(let c): "Alt-\(c)"
        case .paste(let text): "Paste (\(text.count) characters)"
        case .mouse(let event): event.description
        }
    }
}

/// What the terminal reports to the app's run loop.
package enum TerminalEvent: Hashable, Sendable {
    case key(Key)
    /// The window changed size; the screen already has the new size.
    case resize(Size)
    /// SIGTERM, SIGHUP or SIGINT arrived: leave cleanly.
    case terminate(signal: Int32)
}
