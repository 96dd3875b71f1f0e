/// Makes text from content safe to write to a terminal: control characters (C0, DEL, C1) and
/// bidirectional controls are replaced by visible stand-ins, so hostile data cannot move the
/// cursor, change colours, retitle the window or reorder what is shown. Every screen, stderr line
/// and `mvx trace`/`conform` output runs text through it (JSON escapes the same set instead).
package enum Sanitizer {
    /// `text` with every control character replaced by a visible form: ESC → `␛`, other C0 → its
    /// control picture (␀…␟), DEL → `␡`, C1 and bidi controls → `\u{9B}`-style escapes.
    package static func visible(_ text: String) -> String {
        guard needsCleaning(text) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            out.append(contentsOf: replacement(for: scalar).unicodeScalars)
        }
        return String(out)
    }

    /// `visible(text)` cut to at most `limit` characters, the cut marked with `…` and the original
    /// length: `xterm-256colorxxxx… (5000 characters)`. For outside text shown in one line.
    package static func visible(_ text: String, limit: Int) -> String {
        let count = text.count
        guard count > limit else { return visible(text) }
        return visible(String(text.prefix(max(0, limit)))) + "… (\(count) characters)"
    }

    /// True when `text` holds anything `visible(_:)` would replace.
    package static func needsCleaning(_ text: String) -> Bool {
        // The lead bytes of every replaced scalar: C1 (C2), U+061C (D8), U+200E… (E2).
        text.utf8.contains { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 || $0 == 0xD8 || $0 == 0xE2 }
            && text.unicodeScalars.contains(where: isControl)
    }

    /// Whether `scalar` is replaced: C0, DEL, C1, or a bidirectional control (the Arabic letter
    /// mark, LRM/RLM, the embeddings and overrides, the isolates), which reorder the text around them.
    package static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        return v < 0x20 || v == 0x7F || (0x80...0x9F).contains(v) || v == 0x061C || v == 0x200E || v == 0x200F
            || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v)
    }

    /// The cells the stand-in for a control takes: a control picture or `␡` one, an escape its length.
    static func replacementWidth(_ scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        if v < 0x20 || v == 0x7F { return 1 }
        return 4 + String(v, radix: 16).count  // \u{…}
    }

    private static func replacement(for scalar: Unicode.Scalar) -> String {
        let v = scalar.value
        guard isControl(scalar) else { return String(scalar) }
        switch v {
        case 0x1B: return "␛"
        case 0..<0x20: return String(Unicode.Scalar(0x2400 + v)!)
        case 0x7F: return "␡"
        default: return "\\u{" + String(v, radix: 16, uppercase: true) + "}"
        }
    }
}
