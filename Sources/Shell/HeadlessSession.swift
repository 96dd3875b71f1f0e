import Mediator
import Terminal
import Tracing

/// The shell on an in-memory screen, driven by scripted keys: what the acceptance suite, the
/// golden screens, the benchmarks and headless replays use instead of a terminal.
@MainActor
public final class HeadlessSession {
    public let screen: MemoryScreen
    public let shell: AppShell
    public let traceBuffer: TraceBuffer

    public init(
        registry: ModuleRegistry, context: ModuleContext, size: Size = Size(width: 80, height: 24),
        pattern: PatternID = .mvc, screen screenID: ScreenID = .greeting, colorSupport: ColorSupport = .indexed256
    ) {
        let screen = MemoryScreen(size: size, colorSupport: colorSupport)
        let buffer = TraceBuffer()
        self.screen = screen
        self.traceBuffer = buffer
        self.shell = AppShell(
            registry: registry, context: context, tracer: Tracer(sinks: [buffer]), traceBuffer: buffer,
            screen: screen, pattern: pattern, screenID: screenID)
        shell.start()
    }

    /// Presses keys one after another, drawing the frame each would cause.
    public func press(_ keys: Key...) {
        press(keys)
    }

    /// Presses keys one after another, drawing the frame each would cause.
    public func press(_ keys: [Key]) {
        for key in keys {
            shell.handle(.key(key))
            shell.renderIfNeeded()
        }
    }

    /// Types text character by character, as a user would.
    public func type(_ text: String) {
        press(text.map { Key.character($0) })
    }

    /// Resizes the screen and lets the shell redraw, as a SIGWINCH would.
    public func resize(to size: Size) {
        screen.resize(to: size)
        shell.handle(.resize(size))
        shell.renderIfNeeded()
    }

    /// Draws a frame if anything asked for one (e.g. after an async reply landed).
    public func settle() {
        shell.renderIfNeeded()
    }

    /// The screen as text, the golden-screen format.
    public var text: String { screen.text }
}
