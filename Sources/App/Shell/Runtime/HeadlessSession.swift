import Mediator
import PatternVocabulary
import Terminal
import Tracing

/// The shell on an in-memory screen, driven by scripted keys: what the acceptance suite, the
/// golden screens, the benchmarks and headless replays use instead of a terminal.
@MainActor
package final class HeadlessSession {
    package let screen: MemoryScreen
    package let shell: AppShell
    package let traceBuffer: TraceBuffer
    package let context: ModuleContext

    package init(
        registry: ModuleRegistry, context: ModuleContext, size: Size = Size(width: 80, height: 24),
        pattern: PatternID = .mvc, screen screenID: ScreenID = .greeting, screenPatterns: [ScreenID: PatternID] = [:],
        colorSupport: ColorSupport = .indexed256, tour: TourState? = nil
    ) {
        let screen = MemoryScreen(size: size, colorSupport: colorSupport)
        let buffer = TraceBuffer()
        self.screen = screen
        self.traceBuffer = buffer
        self.context = context
        self.shell = AppShell(
            registry: registry, context: context, tracer: Tracer(sinks: [buffer]), traceBuffer: buffer,
            screen: screen, pattern: pattern, screenID: screenID, screenPatterns: screenPatterns)
        // Before the start, as the app does: the first frame knows whether this is a first start.
        if let tour { shell.useTour(tour) }
        shell.start()
    }

    /// Presses keys one after another, drawing the frame each would cause.
    package func press(_ keys: Key...) {
        press(keys)
    }

    /// Presses keys one after another, drawing the frame each would cause.
    package func press(_ keys: [Key]) {
        for key in keys {
            shell.handle(.key(key))
            shell.renderIfNeeded()
        }
    }

    /// Presses keys that arrive together (a paste, a fast typist, a held key): each is handled in
    /// turn and one frame is drawn at the end, as the terminal's event loop coalesces them.
    package func pressBurst(_ keys: [Key]) {
        shell.handle(keys.map { .key($0) })
        shell.renderIfNeeded()
    }

    /// Types text character by character, as a user would.
    package func type(_ text: String) {
        press(text.map { Key.character($0) })
    }

    /// Resizes the screen and lets the shell redraw, as a SIGWINCH would.
    package func resize(to size: Size) {
        screen.resize(to: size)
        shell.handle(.resize(size))
        shell.renderIfNeeded()
    }

    /// Waits until every request the modules started has landed (or is asleep on a test clock,
    /// waiting for time to pass) and the main actor has run what the replies set off, then draws.
    /// Deterministic: it waits for events, never for time.
    package func settle() async {
        await context.network.monitor.untilSettled()
        shell.renderIfNeeded()
    }

    /// The open panel's title, as the pane shows it.
    package var panelTitle: String? {
        shell.state.panel.map { $0.title(in: shell.environment.panelContext($0.placement, size: screen.size)) }
    }

    /// The ownership panel's view of the module on show: its graph, the capture in every pattern.
    package var ownership: LiveOwnership { shell.host.ownership }
    /// The module's pane only — no header, trace pane or key bar, which differ between patterns by
    /// design — with each row's trailing blanks and the divider cut: what must be the same in all four.
    package var moduleText: String {
        let area = ShellLayout(size: screen.size, card: shell.state.tourCardRows).module
        return (area.minY..<area.maxY).map { y in
            var row = screen.row(y, columns: area.minX..<area.maxX)
            while row.last == " " || row.last == "│" { row.removeLast() }
            return row
        }.joined(separator: "\n")
    }

    /// The module's own screen: what `moduleText` reads, but with the module drawn alone on a
    /// scratch screen, so an open panel (ownership) or the help, which cover the pane and differ per
    /// pattern by design, are left aside; and a last line saying where the text cursor is, when a
    /// field has it. What `mvx conform` compares.
    package var moduleScreenText: String {
        guard screen.size.fits(ShellLayout.minimumSize) else { return moduleText }
        let area = ShellLayout(size: screen.size, card: shell.state.tourCardRows).module
        let scratch = MemoryScreen(size: screen.size, colorSupport: screen.colorSupport)
        scratch.erase()
        shell.host.render(in: Canvas(screen: scratch, bounds: area))
        scratch.present()
        var rows = (area.minY..<area.maxY).map { y in
            var row = scratch.row(y, columns: area.minX..<area.maxX)
            while row.last == " " || row.last == "│" { row.removeLast() }
            return row
        }
        // Where typing goes is part of the screen: a focus that differs shows here at once, not
        // only when a later key is typed in one pattern and taken as a command in another.
        if let cursor = scratch.cursor {
            rows.append("(text cursor at column \(cursor.x - area.minX + 1), row \(cursor.y - area.minY + 1))")
        }
        return rows.joined(separator: "\n")
    }

    /// The screen as text, the golden-screen format.
    package var text: String { screen.text }
}
