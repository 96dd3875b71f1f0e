import Mediator
import Terminal

/// The `?` overlay: every key of the key map and the active pattern's roles, each with its duty.
struct HelpOverlay {
    var pattern: PatternID
    var roles: [RoleDuty]

    @MainActor
    func draw(in canvas: Canvas) {
        var rows: [(String, String, Style)] = [("mvx — keys", "", ShellTheme.overlayTitle)]
        for binding in Keymap.bindings {
            rows.append((binding.keysLabel, binding.help, ShellTheme.overlay))
        }
        rows.append(("", "", ShellTheme.overlay))
        rows.append(("\(pattern.name) — roles", "", ShellTheme.overlayTitle))
        for duty in roles {
            rows.append((duty.role.rawValue, "\(duty.typeName): \(duty.duty)", ShellTheme.overlay))
        }
        rows.append(("", "", ShellTheme.overlay))
        rows.append(("", "Esc or ? closes this help", ShellTheme.overlay))

        let width = min(canvas.size.width - 4, 84)
        let height = min(canvas.size.height - 2, rows.count + 2)
        let box = Rect(x: (canvas.size.width - width) / 2, y: max(1, (canvas.size.height - height) / 2),
                       width: width, height: height)
        let inner = canvas.subcanvas(box)
        inner.fill(Rect(origin: .zero, size: box.size), style: ShellTheme.overlay)
        let keyColumn = 14
        for (index, row) in rows.prefix(height - 2).enumerated() {
            let y = index + 1
            if row.1.isEmpty {
                inner.draw(row.0, at: Point(x: 2, y: y), style: row.2)
            } else {
                inner.draw(DisplayWidth.pad(row.0, to: keyColumn - 1), at: Point(x: 2, y: y),
                           style: ShellTheme.overlay.with(.bold))
                inner.draw(DisplayWidth.truncate(row.1, to: width - keyColumn - 3), at: Point(x: keyColumn + 2, y: y),
                           style: row.2)
            }
        }
    }
}
