import Terminal

/// Breaks text into lines that fit a number of terminal cells. Measures by display width, so
/// a CJK character counts two cells, and allows a break between any two wide characters
/// (CJK text has no spaces to break at).
package enum TextWrapping {
    /// `text` split at newlines, then wrapped greedily at spaces (or between wide characters,
    /// or mid-word when a word alone is wider than `width`). Trailing spaces at a break are dropped.
    package static func lines(of text: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        return text.split(separator: "\n", omittingEmptySubsequences: false).flatMap { paragraph in
            wrap(paragraph, width: width)
        }
    }

    private static func wrap(_ paragraph: Substring, width: Int) -> [String] {
        var lines: [String] = []
        var current: [Character] = []
        var currentWidth = 0
        // Index in `current` where the line may be broken (everything after it moves down).
        var breakIndex: Int?

        func flush(upTo index: Int) {
            var line = current[..<index]
            while line.last == " " { line.removeLast() }
            lines.append(String(line))
            var rest = current[index...]
            while rest.first == " " { rest.removeFirst() }
            current = Array(rest)
            currentWidth = DisplayWidth.of(String(current))
            breakIndex = nil
        }

        for character in paragraph {
            let characterWidth = DisplayWidth.of(character)
            if character == " " {
                if currentWidth + 1 > width {
                    flush(upTo: current.count)  // the space itself is the break; it vanishes
                } else {
                    current.append(character)
                    currentWidth += 1
                    breakIndex = current.count
                }
                continue
            }
            let isWide = characterWidth == 2
            if currentWidth + characterWidth > width, !current.isEmpty {
                if isWide {
                    flush(upTo: current.count)
                } else if let index = breakIndex, index > 0 {
                    flush(upTo: index)
                } else {
                    flush(upTo: current.count)  // one word wider than the line: cut it
                }
                if currentWidth + characterWidth > width, !current.isEmpty { flush(upTo: current.count) }
            }
            current.append(character)
            currentWidth += characterWidth
            if isWide { breakIndex = current.count }
        }
        var last = current[...]
        while last.last == " " { last.removeLast() }
        if !last.isEmpty || lines.isEmpty { lines.append(String(last)) }
        return lines
    }
}
