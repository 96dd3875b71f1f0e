import Terminal

/// The bottom row, generated from the key map: as many "key word" pairs as fit, `q quit` and
/// `? help` always. A notice (e.g. why a tab cannot be chosen) replaces it until the next key.
struct KeyBar {
    var notice: String?

    private static let pinnedLabels: Set<String> = ["help", "quit"]

    @MainActor
    func draw(in canvas: Canvas) {
        if let notice {
            canvas.draw(" " + notice, at: .zero, style: ShellTheme.notice)
            return
        }
        let items = Keymap.appBindings.compactMap { binding in binding.label.map { (binding.keys, $0) } }
        // "? help" (the way to every other key) and "q quit" always show; the rest as room allows.
        let pinned = items.filter { Self.pinnedLabels.contains($0.1) }
        let pinnedWidth = pinned.reduce(0) { $0 + Self.width(of: $1) }
        var x = 1
        for item in items where !Self.pinnedLabels.contains(item.1) {
            guard x + Self.width(of: item) + pinnedWidth <= canvas.size.width else { break }
            Self.draw(item, at: &x, in: canvas)
        }
        for item in pinned { Self.draw(item, at: &x, in: canvas) }
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
