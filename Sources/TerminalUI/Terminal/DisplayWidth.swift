/// Column widths of text as a screen draws it: CJK ideographs and emoji take two cells,
/// combining marks none, and a control the cells of the stand-in `Sanitizer` draws for it (`␛`
/// one, `\u{202E}` eight). Computed per grapheme cluster so that 张伟 or 👩‍💻 line up in every box.
package enum DisplayWidth {
    /// The number of cells one character occupies as drawn (0, 1 or 2; more for a control's escape).
    package static func of(_ character: Character) -> Int {
        if let ascii = character.asciiValue, ascii >= 0x20, ascii != 0x7F { return 1 }
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        // A control is a cluster of its own (CR LF the one pair): drawn as its stand-in, measured so.
        if Sanitizer.isControl(first) { return scalars.reduce(0) { $0 + Sanitizer.replacementWidth($1) } }
        if scalars.count > 1 {
            // An emoji sequence (ZWJ, skin tone, VS16) is drawn as one wide glyph.
            if first.properties.isEmoji && scalars.contains(where: { $0.value == 0xFE0F || $0.value == 0x200D
                || (0x1F3FB...0x1F3FF).contains($0.value) }) {
                return 2
            }
            if (0x1F1E6...0x1F1FF).contains(first.value) { return 2 }  // regional-indicator flag pair
        }
        return of(first)
    }

    /// The number of cells a lone scalar occupies as a terminal counts it (a control: none; in a
    /// string or character, which `Sanitizer` cleans before drawing, it is measured as its stand-in).
    package static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x20 || (0x7F..<0xA0).contains(value) { return 0 }
        if value < 0x300 { return 1 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if (0x1160...0x11FF).contains(value) { return 0 }  // Hangul medial vowels and final consonants join
        if scalar.properties.isEmojiPresentation { return 2 }
        return isWide(value) ? 2 : 1
    }

    // String and Substring get overloads of their own: a call from another module to the generic
    // version runs unspecialized, through witness tables for every byte and character (a fifth
    // of the first frame's drawing). The generic bodies are inlined into each overload here.

    /// The number of cells a string occupies.
    package static func of(_ text: String) -> Int { width(of: text) }
    /// The number of cells a substring occupies.
    package static func of(_ text: Substring) -> Int { width(of: text) }
    /// The number of cells any other string occupies.
    package static func of(_ text: some StringProtocol) -> Int { width(of: text) }

    @inline(__always)
    private static func width(of text: some StringProtocol) -> Int {
        // Most of what is drawn is ASCII: a cell per byte (a control's picture too), no grapheme breaking.
        var count = 0
        var isASCII = true
        for byte in text.utf8 {
            if byte >= 0x80 { isASCII = false; break }
            count += 1
        }
        if isASCII { return count }
        var total = 0
        for character in text { total += of(character) }
        return total
    }

    /// The number of cells a string occupies, counted only until it passes `limit`: the answer is
    /// exact up to `limit` and some number above it after. A row is never wider than a screen, so
    /// asking whether a 5,000-character string fits costs what a row costs, not what the string does.
    package static func of(_ text: String, upTo limit: Int) -> Int { width(of: text, upTo: limit) }
    /// `of(_:upTo:)` for a substring.
    package static func of(_ text: Substring, upTo limit: Int) -> Int { width(of: text, upTo: limit) }
    /// `of(_:upTo:)` for any other string.
    package static func of(_ text: some StringProtocol, upTo limit: Int) -> Int { width(of: text, upTo: limit) }

    @inline(__always)
    private static func width(of text: some StringProtocol, upTo limit: Int) -> Int {
        var total = 0
        var isASCII = true
        for byte in text.utf8 {
            if byte >= 0x80 { isASCII = false; break }
            total += 1
            if total > limit { return total }
        }
        if isASCII { return total }
        total = 0
        for character in text {
            total += of(character)
            if total > limit { return total }
        }
        return total
    }

    /// The longest prefix of `text` that fits in `width` cells; when it had to be cut, the last
    /// cell becomes `ellipsis` so the reader sees that something is missing.
    package static func truncate(_ text: String, to width: Int, ellipsis: Character = "…") -> String {
        guard width > 0 else { return "" }
        if of(text, upTo: width) <= width { return text }
        var result = ""
        var used = 0
        let room = width - of(ellipsis)
        for character in text {
            let w = of(character)
            if used + w > room { break }
            result.append(character)
            used += w
        }
        result.append(ellipsis)
        return result
    }

    /// `text` truncated or padded with spaces to exactly `width` cells.
    package static func pad(_ text: String, to width: Int) -> String {
        let cut = truncate(text, to: width)
        let missing = width - of(cut)
        return missing > 0 ? cut + String(repeating: " ", count: missing) : cut
    }

    // East Asian Wide and Fullwidth blocks (Unicode 15), emoji aside (handled by emoji presentation).
    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF,
        0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3,
        0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
        0x16FE0...0x16FE4, 0x17000...0x18CFF, 0x1B000...0x1B2FF, 0x1F200...0x1F2FF,
        0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]

    private static func isWide(_ value: UInt32) -> Bool {
        guard value >= 0x1100 else { return false }
        var low = 0, high = wideRanges.count - 1
        while low <= high {
            let mid = (low + high) / 2
            let range = wideRanges[mid]
            if value < range.lowerBound { high = mid - 1 } else if value > range.upperBound { low = mid + 1 } else { return true }
        }
        return false
    }
}
