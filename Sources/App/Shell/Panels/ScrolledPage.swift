import Terminal

/// A panel that is one scrolled page of lines (the pattern card, the change drills): its key line
/// right-aligned on the first row, with the position when the lines do not fit, the lines under it,
/// and the marker of what is left below.
enum ScrolledPage {
    @MainActor
    static func draw(_ lines: [TraceLine], scroll: ScrollPosition, keysOf panel: PanelID, into canvas: Canvas) {
        canvas.screen.setCursor(nil)  // the module's text field is hidden under the panel
        let width = canvas.size.width
        guard width > 0, canvas.size.height > 1 else { return }
        let page = canvas.size.height - 1
        let first = scroll.clamped(page: page, content: lines.count)
        let position = lines.count > page ? "lines \(first + 1)–\(first + page) of \(lines.count) · " : ""
        // The short key line where the long one does not fit: how to reach another pattern stays.
        let long = position + Keymap.hint(for: panel)
        let header = DisplayWidth.of(long) < width ? long : position + Keymap.hint(for: panel, short: true)
        if DisplayWidth.of(header) < width {
            canvas.draw(header, at: Point(x: width - DisplayWidth.of(header), y: 0), style: ShellTheme.keyLabel)
        }
        for (row, line) in lines.dropFirst(first).prefix(page).enumerated() { line.draw(row: row + 1, in: canvas) }
        ScrollMarker.draw(remaining: scroll.remaining(page: page, content: lines.count), in: canvas)
    }
}
