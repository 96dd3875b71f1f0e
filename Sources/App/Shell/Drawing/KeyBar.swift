import Terminal

/// The bottom row, generated from the key map: the labelled keys by their `barRank` — rank 0
/// (`c compare`, `? help`, `q quit`) always, then the teaching panels, then the rest, as many as fit —
/// drawn in the table's order. A notice (e.g. why a tab cannot be chosen) replaces it until the
/// next key, `? help` and `q quit` kept at the right where the notice leaves room; while a text field has the letters, it says so instead of listing keys that would type.
struct KeyBar {
    /// Who takes the letters when it is not the shell.
    enum Typing: Equatable {
        /// The module's focused text field (the module is on show and no overlay covers it).
        case field
        /// The trace pane's filter, after `/`.
        case traceFilter
    }

    var notice: String?
    var typing: Typing?

    typealias Item = (keys: String, label: String)

    /// The items that fit in `width`, in table order: rank 0 first, then rising ranks while the next
    /// one fits (a lower rank never gives way to a higher one).
    static func items(columns: Int) -> [Item] {
        let ranked = Keymap.appBindings.filter { $0.barRank != nil && $0.label != nil }
        var chosen = ranked.filter { $0.barRank == 0 }
        var used = 1 + chosen.reduce(0) { $0 + width(of: item($1)) }
        for binding in ranked.filter({ $0.barRank! > 0 }).sorted(by: { $0.barRank! < $1.barRank! }) {
            let needed = width(of: item(binding))
            guard used + needed <= columns else { break }
            chosen.append(binding)
            used += needed
        }
        let keys = Set(chosen.map(\.keys))
        return ranked.filter { keys.contains($0.keys) }.map(item)
    }

    /// The items while the letters are typed: what leaves the field, then the keys that still work there.
    static func typingItems(_ typing: Typing) -> [Item] {
        switch typing {
        case .field:
            // Bindings whose every key reaches the shell even from a field (Tab, not q).
            let global = Keymap.appBindings.filter { binding in
                binding.label != nil && !binding.commands.isEmpty && binding.commands.keys.allSatisfy(Keymap.isGlobal)
            }
            return [("typing", "·"), ("Esc", "leaves the field")] + global.map(item)
        case .traceFilter:
            return [("typing the filter", "·"), ("Enter", "applies"), ("Esc", "leaves it")]
        }
    }

    private static func item(_ binding: KeyBinding) -> Item { (binding.keys, binding.label ?? "") }

    /// `? help` and `q quit`, from the key map: what a notice leaves on the bar.
    static var exitItems: [Item] {
        Keymap.appBindings.filter { binding in
            binding.label != nil && binding.commands.values.contains { $0 == .toggleHelp || $0 == .quit }
        }.map(item)
    }

    @MainActor
    func draw(in canvas: Canvas) {
        if let notice {
            let end = 1 + canvas.draw(" " + notice, at: .zero, style: ShellTheme.notice)
            // The way out and the way to every other key stay in sight beside a notice that leaves room.
            let exits = Self.exitItems
            let needed = exits.reduce(0) { $0 + Self.width(of: $1) }
            var x = canvas.size.width - needed + 1
            guard x >= end + 2 else { return }
            for item in exits { Self.draw(item, at: &x, in: canvas) }
            return
        }
        var x = 1
        if let typing {
            let items = Self.typingItems(typing)
            // "typing ·" reads as one phrase: drawn in the label's style, the keys after it in theirs.
            x += canvas.draw(items[0].keys + " " + items[0].label + " ", at: Point(x: x, y: 0), style: ShellTheme.keyLabel)
            for item in items.dropFirst() where x + Self.width(of: item) - 2 <= canvas.size.width { Self.draw(item, at: &x, in: canvas) }
            return
        }
        for item in Self.items(columns: canvas.size.width) { Self.draw(item, at: &x, in: canvas) }
    }

    /// The width of `keys label` and the two spaces after it.
    static func width(of item: (keys: String, label: String)) -> Int {
        DisplayWidth.of(item.keys) + (item.label.isEmpty ? 0 : 1 + DisplayWidth.of(item.label)) + 2
    }

    /// Draws `keys label` in the key bar's styles and moves `x` past it.
    @MainActor
    static func draw(_ item: (keys: String, label: String), at x: inout Int, in canvas: Canvas) {
        x += canvas.draw(item.keys, at: Point(x: x, y: 0), style: ShellTheme.keyName)
        x += canvas.draw((item.label.isEmpty ? "" : " " + item.label) + "  ", at: Point(x: x, y: 0), style: ShellTheme.keyLabel)
    }
}
