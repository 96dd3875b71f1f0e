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
        var x = 1
        for (index, item) in items.enumerated() {
            let width = DisplayWidth.of(item.0) + DisplayWidth.of(item.1) + 3
            let isLast = index == items.count - 1
            // Keep room for "? help" so the way to every other key is always on screen.
            let reserve = isLast || item.1 == "help" ? 0 : 9
            if x + width + reserve > canvas.size.width {
                if let help, item.1 != "help" { drawItem(help, at: &x, in: canvas) }
                return
            }
            drawItem(item, at: &x, in: canvas)
        }
    }

    @MainActor
    private func drawItem(_ item: (String, String), at x: inout Int, in canvas: Canvas) {
        x += canvas.draw(item.0, at: Point(x: x, y: 0), style: ShellTheme.keyName)
        x += canvas.draw(" " + item.1 + "  ", at: Point(x: x, y: 0), style: ShellTheme.keyLabel)
    }
}
