import Mediator
import PatternVocabulary
import Terminal

/// The `?` overlay: every key of the key map and the active pattern's roles, each with its duty.
/// In a mixed app the roles heading says whose they are and what the mix is.
struct HelpOverlay {
    var pattern: PatternID
    var roles: [RoleDuty]
    /// The combination (`Greeting MVC · Listings VIPER`), when mixing: `pattern` is the screen on show's.
    var mix: String?

    /// Draws the overlay; on a terminal too short for all of it, `scroll` says which lines show
    /// (↑↓ move it) and the bottom border says how many more there are.
    @MainActor
    func draw(in canvas: Canvas, scroll: inout PanelScroll) {
        var rows: [(String, String, Style)] = [("mvx — keys", "", ShellTheme.overlayTitle)]
        for binding in Keymap.bindings {
            rows.append((binding.keysLabel, binding.help, ShellTheme.overlay))
        }
        rows.append(("", "", ShellTheme.overlay))
        let heading = mix.map { "\(pattern.name) — roles (mix: \($0))" }
        rows.append((heading ?? "\(pattern.name) — roles", "", ShellTheme.overlayTitle))
        for duty in roles {
            rows.append((duty.role.rawValue, "\(duty.typeName): \(duty.duty)", ShellTheme.overlay))
        }
        rows.append(("", "", ShellTheme.overlay))
        rows.append(("", "Esc or ? closes this help", ShellTheme.overlay))

        let width = min(canvas.size.width - 4, 84)
        let keyColumn = 14
        let textWidth = max(10, width - keyColumn - 5)
        // Long duties wrap under themselves rather than lose their end.
        var lines: [(String, String, Style)] = []
        for row in rows {
            guard !row.1.isEmpty else { lines.append(row); continue }
            for (index, piece) in TextWrap.lines(row.1, width: textWidth).enumerated() {
                lines.append((index == 0 ? row.0 : "", piece, row.2))
            }
        }
        let height = min(canvas.size.height - 2, lines.count + 2)
        let box = Rect(x: (canvas.size.width - width) / 2, y: max(1, (canvas.size.height - height) / 2),
                       width: width, height: height)
        let inner = canvas.subcanvas(box)
        inner.fill(Rect(origin: .zero, size: box.size), style: ShellTheme.overlay)
        // A frame, so the overlay stands apart from the panes behind it even without colours.
        let horizontal = String(repeating: "─", count: max(0, width - 2))
        inner.draw("┌" + horizontal + "┐", at: Point(x: 0, y: 0), style: ShellTheme.overlay)
        inner.draw("└" + horizontal + "┘", at: Point(x: 0, y: height - 1), style: ShellTheme.overlay)
        for y in 1..<max(1, height - 1) {
            inner.draw("│", at: Point(x: 0, y: y), style: ShellTheme.overlay)
            inner.draw("│", at: Point(x: width - 1, y: y), style: ShellTheme.overlay)
        }
        scroll.layout(contentHeight: lines.count, pageHeight: height - 2)
        if scroll.remaining > 0 {
            let more = DisplayWidth.truncate(" ↓ \(scroll.remaining) more · ↑↓ scroll ", to: max(0, width - 4))
            inner.draw(more, at: Point(x: width - 2 - DisplayWidth.of(more), y: height - 1), style: ShellTheme.overlayTitle)
        }
        for (index, line) in lines.dropFirst(scroll.offset).prefix(max(0, height - 2)).enumerated() {
            let y = index + 1
            if line.1.isEmpty {
                inner.draw(DisplayWidth.truncate(line.0, to: max(0, width - 4)), at: Point(x: 2, y: y), style: line.2)
            } else {
                inner.draw(line.0, at: Point(x: 2, y: y), style: ShellTheme.overlay.with(.bold))
                inner.draw(line.1, at: Point(x: keyColumn + 2, y: y), style: line.2)
            }
        }
    }
}

/// Word wrapping by display width, for the help text.
enum TextWrap {
    static func lines(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ") {
            let candidate = current.isEmpty ? String(word) : current + " " + word
            if DisplayWidth.of(candidate) > width, !current.isEmpty {
                lines.append(current)
                current = String(word)
            } else {
                current = candidate
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines.map { DisplayWidth.truncate($0, to: width) }
    }
}
