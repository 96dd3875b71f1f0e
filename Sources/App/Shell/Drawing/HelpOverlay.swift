import Mediator
import Networking
import PatternVocabulary
import Terminal
import Widgets

/// The `?` overlay: what matters first — the keys that teach and the active pattern's roles, each
/// with its duty — then every shell and module key of the key map and the words mvx uses. In a
/// mixed app the roles heading says whose they are and what the mix is. On a terminal too short
/// for all of it, it scrolls and its bottom border says how much is left.
struct HelpOverlay {
    var pattern: PatternID
    var roles: [RoleDuty]
    /// The combination (`Greeting MVC · Listings VIPER`), when mixing: `pattern` is the screen on show's.
    var mix: String?

    @MainActor
    init(state: ShellState, registry: ModuleRegistry) {
        pattern = state.pattern
        roles = registry.roles(of: state.pattern)
        mix = state.isMixing || state.patterns.isMixed ? state.patterns.summary : nil
    }

    private typealias Row = (key: String, text: String, style: Style)

    private static let keyColumn = 14

    /// All but a column each side at 80 columns, so the first page's roles wrap less; 84 at most.
    private func width(on size: Size) -> Int { min(size.width - 2, 84) }

    /// The words mvx uses that a newcomer may not know, each in a line of its own.
    static let glossary: [(word: String, meaning: String)] = [
        ("reformer", "casatwy's: turns an API manager's raw data into what one view needs (a list's rows, "
            + "a detail); one API can feed several views through several reformers"),
        ("landing point", "where one screen's requests land: when the screen goes away it cancels them all, "
            + "so no late reply reaches it"),
        ("operation log", "every API call becomes an entry, sent to the log service \(OperationLog.batchSize) "
            + "at a time, never one request per call; the inspector (n) shows its queue"),
        ("Δ", "in the timeline (t): how many stored values an action changed (3Δ: three)"),
    ]

    /// The panels that show what the trace alone does not, by the key bar's rank: the first page's line.
    static let teachingKeys: [KeyBinding] = Keymap.appBindings
        .filter { binding in binding.commands.values.contains { if case .togglePanel = $0 { true } else { false } } }
        .sorted { ($0.barRank ?? .max) < ($1.barRank ?? .max) }

    /// The overlay's lines for a terminal of `size`, long duties wrapped under themselves: what matters
    /// first (the keys that teach, the roles of the pattern on show) on the first page, then every
    /// key, then the words mvx uses.
    private func lines(on size: Size) -> [Row] {
        let textWidth = max(10, width(on: size) - Self.keyColumn - 5)
        var rows: [Row] = [("mvx — keys that teach", "", ShellTheme.overlayTitle)]
        // The teaching keys as the key bar writes them, as many to a line as fit the box.
        var line = ""
        for hint in Self.teachingKeys.map({ $0.hint(short: false) }) {
            if !line.isEmpty, DisplayWidth.of(line + "  " + hint) > width(on: size) - 4 {
                rows.append((line, "", ShellTheme.overlay))
                line = ""
            }
            line += (line.isEmpty ? "" : "  ") + hint
        }
        if !line.isEmpty { rows.append((line, "", ShellTheme.overlay)) }
        rows.append(("", "", ShellTheme.overlay))
        let heading = mix.map { "\(pattern.name) — roles (mix: \($0))" }
        rows.append((heading ?? "\(pattern.name) — roles", "", ShellTheme.overlayTitle))
        for duty in roles {
            rows.append((duty.role.rawValue, "\(duty.typeName): \(duty.duty)", ShellTheme.overlay))
        }
        rows.append(("", "", ShellTheme.overlay))
        rows.append(("mvx — every key", "", ShellTheme.overlayTitle))
        for binding in Keymap.appBindings {
            rows.append((binding.keys, binding.help, ShellTheme.overlay))
            // The inspector sits beside the live module, its letters beside the shell's: say which.
            if binding.commands.values.contains(.togglePanel(.network)) {
                rows.append(("", "inside it: " + String(Keymap.hint(for: .network).dropLast()),
                             ShellTheme.overlay))
            }
        }
        rows.append(("", "", ShellTheme.overlay))
        rows.append(("words mvx uses", "", ShellTheme.overlayTitle))
        for entry in Self.glossary {
            rows.append((entry.word, entry.meaning, ShellTheme.overlay))
        }
        rows.append(("", "", ShellTheme.overlay))
        rows.append(("", "Esc or ? closes this help", ShellTheme.overlay))

        return rows.flatMap { row -> [Row] in
            guard !row.text.isEmpty else { return [row] }
            return TextWrapping.lines(of: row.text, width: textWidth).enumerated().map { index, piece in
                (index == 0 ? row.key : "", piece, row.style)
            }
        }
    }

    func lineCount(on size: Size) -> Int { lines(on: size).count }

    /// The box's height: all the lines and the frame, or the screen less a row above and below.
    private func height(on size: Size, lineCount: Int) -> Int { min(size.height - 2, lineCount + 2) }

    /// How many lines show at once.
    func pageHeight(on size: Size) -> Int { height(on: size, lineCount: lineCount(on: size)) - 2 }

    @MainActor
    func draw(in canvas: Canvas, scroll: ScrollPosition) {
        let size = canvas.size
        let lines = self.lines(on: size)
        let width = width(on: size)
        let height = height(on: size, lineCount: lines.count)
        let box = Rect(x: (size.width - width) / 2, y: max(1, (size.height - height) / 2), width: width, height: height)
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
        let page = height - 2
        ScrollMarker.draw(remaining: scroll.remaining(page: page, content: lines.count), in: inner, hint: "↑↓ scroll",
                          inset: 2, style: ShellTheme.overlayTitle)
        for (index, line) in lines.dropFirst(scroll.clamped(page: page, content: lines.count)).prefix(max(0, page))
            .enumerated() {
            let y = index + 1
            if line.text.isEmpty {
                inner.draw(DisplayWidth.truncate(line.key, to: max(0, width - 4)), at: Point(x: 2, y: y), style: line.style)
            } else {
                inner.draw(line.key, at: Point(x: 2, y: y), style: ShellTheme.overlay.with(.bold))
                inner.draw(line.text, at: Point(x: Self.keyColumn + 2, y: y), style: line.style)
            }
        }
    }
}
