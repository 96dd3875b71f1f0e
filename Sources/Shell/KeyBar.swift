import Terminal

/// The bottom row, generated from `Keymap.bindings`: as many "key word" pairs as fit, `? help`
/// always last. A notice (e.g. why a tab cannot be chosen) replaces it until the next key.
struct KeyBar {
    var notice: String?

    private static let pinnedLabels: Set<String> = ["help", "quit"]

    @MainActor
    func draw(in canvas: Canvas) {
        if let notice {
            canvas.draw(" " + notice, at: .zero, style: ShellTheme.notice)
            return
        }
        let items = Keymap.bindings.compactMap { binding in binding.barLabel.map { (binding.keysLabel, $0) } }
        // "? help" (the way to every other key) and "q quit" always show; the rest as room allows.
        let pinned = items.filter { Self.pinnedLabels.contains($0.1) }
        let pinnedWidth = pinned.reduce(0) { $0 + itemWidth($1) }
        var x = 1
        for item in items where !Self.pinnedLabels.contains(item.1) {
            guard x + itemWidth(item) + pinnedWidth <= canvas.size.width else { break }
            drawItem(item, at: &x, in: canvas)
        }
        for item in pinned { drawItem(item, at: &x, in: canvas) }
    }

    private func itemWidth(_ item: (String, String)) -> Int {
        DisplayWidth.of(item.0) + DisplayWidth.of(item.1) + 3
    }

    @MainActor
    private func drawItem(_ item: (String, String), at x: inout Int, in canvas: Canvas) {
        x += canvas.draw(item.0, at: Point(x: x, y: 0), style: ShellTheme.keyName)
        x += canvas.draw(" " + item.1 + "  ", at: Point(x: x, y: 0), style: ShellTheme.keyLabel)
    }
}
