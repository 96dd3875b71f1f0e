import Terminal

/// A bad token in a key script, named so the user can fix it.
package struct KeyScriptError: Error, Equatable, CustomStringConvertible {
    package var token: String
    package var reason: String

    package var description: String { "\(reason) '\(token)'" }
}

/// The key scripts `mvx trace --keys` takes: what a user types in a shell to say which keys to press.
///
///     up up "Ann" down down enter       tokens are separated by spaces
///     type:Ann  or  "Ann Lee"            typed text, one key per character ("…" may hold spaces, \" and \\)
///     down*3                             a key repeated
///     q  1  [                            a single character is that key
package enum KeyScript {
    /// The named keys, as written in scripts (lower case; names are matched case-insensitively).
    package static let namedKeys: [(name: String, key: Key)] = [
        ("enter", .enter), ("return", .enter), ("esc", .escape), ("escape", .escape),
        ("up", .up), ("down", .down), ("left", .left), ("right", .right),
        ("tab", .tab), ("backtab", .backTab), ("shift-tab", .backTab),
        ("home", .home), ("end", .end), ("pgup", .pageUp), ("pgdn", .pageDown),
        ("bs", .backspace), ("backspace", .backspace), ("del", .delete), ("delete", .delete),
        ("space", .character(" ")), ("insert", .insert), ("ins", .insert),
    ]

    /// The syntax, for `--help`.
    package static let syntax = """
        A key script is tokens separated by spaces: enter, esc, up, down, left, right, tab, backtab, \
        home, end, pgup, pgdn, bs, del, space, insert, ctrl-X, alt-X, keypad-X, f1-f12; a single character is \
        that key (q, 1, [); "some text" or type:text types text; paste:"text" pastes it; KEY*N repeats a key \
        N times (down*3).
        Example: --keys 'up up end bs*5 type:Ann down down enter'
        """

    private static let byName: [String: Key] = Dictionary(namedKeys.map { ($0.name, $0.key) }, uniquingKeysWith: { first, _ in first })

    /// The keys `script` stands for, in order; an empty script is no keys.
    package static func parse(_ script: String) throws(KeyScriptError) -> [Key] {
        var keys: [Key] = []
        var rest = Substring(script)
        while true {
            rest = rest.drop(while: \.isWhitespace)
            guard let first = rest.first else { return keys }
            if first == "\"" {
                keys += try quoted(&rest).map { Key.character($0) }
                continue
            }
            // Only the front is compared: lower-casing the whole rest at every token was quadratic.
            if rest.prefix(7).lowercased() == "paste:\"" {
                rest = rest.dropFirst(6)
                keys.append(.paste(try quoted(&rest)))
                continue
            }
            if rest.prefix(6).lowercased() == "type:\"" {
                rest = rest.dropFirst(5)
                keys += try quoted(&rest).map { Key.character($0) }
                continue
            }
            let token = rest.prefix(while: { !$0.isWhitespace })
            rest = rest.dropFirst(token.count)
            keys += try self.keys(for: String(token))
        }
    }

    /// Reads `"…"` from the front of `rest` (which starts with the quote) and returns its text.
    private static func quoted(_ rest: inout Substring) throws(KeyScriptError) -> String {
        let start = rest
        rest = rest.dropFirst()
        var text = ""
        while let character = rest.first {
            rest = rest.dropFirst()
            switch character {
            case "\"":
                return text
            case "\\":
                guard let escaped = rest.first else { break }
                text.append(escaped)
                rest = rest.dropFirst()
            default:
                text.append(character)
            }
        }
        throw KeyScriptError(token: String(start), reason: "unterminated quote in")
    }

    private static func keys(for token: String) throws(KeyScriptError) -> [Key] {
        if token.lowercased().hasPrefix("type:") {
            let text = token.dropFirst(5)
            guard !text.isEmpty else { throw KeyScriptError(token: token, reason: "nothing to type in") }
            return text.map { Key.character($0) }
        }
        // `keypad-*` and `alt-*` end in a star that is the key, not a repeat.
        if token.hasSuffix("*"), let key = try? single(token, in: token) { return [key] }
        // `down*3`; a lone `*` or `**` is the character itself.
        if token.count > 2, let star = token.lastIndex(of: "*"), star != token.startIndex {
            let name = String(token[..<star])
            guard let count = Int(token[token.index(after: star)...]), (1...999).contains(count) else {
                throw KeyScriptError(token: token, reason: "repeat count must be 1-999 in")
            }
            let key = try single(name, in: token)
            return Array(repeating: key, count: count)
        }
        return [try single(token, in: token)]
    }

    private static func single(_ name: String, in token: String) throws(KeyScriptError) -> Key {
        if name.count == 1, let character = name.first { return .character(character) }
        let lowered = name.lowercased()
        if let key = byName[lowered] { return key }
        if lowered.hasPrefix("ctrl-"), lowered.count == 6, let letter = lowered.last, letter.isLetter, letter.isASCII {
            return .control(letter)
        }
        // The character keeps its case: Alt-A and Alt-a are different keys.
        if lowered.hasPrefix("alt-"), name.count == 5, let character = name.last { return .alt(character) }
        if lowered.hasPrefix("keypad-"), name.count == 8, let character = name.last { return .keypad(character) }
        if lowered.hasPrefix("f"), let number = Int(lowered.dropFirst()), (1...12).contains(number) {
            return .function(number)
        }
        throw KeyScriptError(token: token, reason: "unknown key")
    }

    /// The one token `parse` reads back as `key` — its inverse for a single key — or nil for what a
    /// script cannot say: a mouse report, Ctrl with a non-letter, a function key past F12.
    package static func token(for key: Key) -> String? {
        if let name = namedKeys.first(where: { $0.key == key })?.name { return name }
        switch key {
        case .character(let character):
            // Whitespace and the quote would be read as a separator or the start of text: quoted.
            return character.isWhitespace || character == "\"" ? quote(String(character)) : String(character)
        case .control(let letter):
            return letter.isASCII && letter.isLetter && letter.isLowercase ? "ctrl-\(letter)" : nil
        case .function(let number):
            return (1...12).contains(number) ? "f\(number)" : nil
        case .alt(let character):
            return character.isWhitespace ? nil : "alt-\(character)"
        case .keypad(let character):
            return character.isWhitespace ? nil : "keypad-\(character)"
        case .paste(let text):
            return "paste:" + quote(text)
        case .mouse:
            return nil
        default:
            return nil  // every other key has a name above
        }
    }

    /// `text` in quotes, with `"` and `\` escaped as `quoted(_:)` reads them.
    private static func quote(_ text: String) -> String {
        var out = "\""
        for character in text {
            if character == "\"" || character == "\\" { out.append("\\") }
            out.append(character)
        }
        return out + "\""
    }
}
