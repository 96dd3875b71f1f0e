import Terminal

/// The bottom row, generated from `Keymap.bindings`: as many "key word" pairs as fit, `? help`
/// always last. A notice (e.g. why a tab cannot be chosen) replaces it until the next key.
struct KeyBar {
    var notice: String?

    @MainActor
    func draw(in canvas: Canvas) {
        if let notice {
            canvas.draw(" " + notice, at: .zero, style: ShellTheme.notice)
            return
        }
        let items = Keymap.bindings.compactMap { binding in binding.barLabel.map { (binding.keysLabel, $0) } }
        let help = items.first { $0.1 == "help" }
        let helpWidth = help.map(itemWidth) ?? 0
        var x = 1
        // As many keys as fit, and always room for "? help": the way to every other key.
        for item in items where item.1 != "help" {
            guard x + itemWidth(item) + helpWidth <= canvas.size.width else { break }
            drawItem(item, at: &x, in: canvas)
        }
        if let help { drawItem(help, at: &x, in: canvas) }
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
