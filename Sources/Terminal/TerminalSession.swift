import CNcursesw
import Dispatch
import Foundation
import TerminalRestore

/// The terminal while mvx owns it: curses set up on stdin/stdout, a `CursesScreen` to draw on,
/// and keys, resizes and termination signals as one stream of events.
///
/// ```swift
/// let session: TerminalSession
/// do { session = try TerminalSession.open() } catch {
///     error.writeToStandardError(); exit(2)   // error is a TerminalError (typed throws)
/// }
/// defer { session.close() }
/// for await event in session.events {
///     if case .key(let key) = event, TerminalSession.isCrashKey(key, environment: env) { fatalError("test crash") }
///     … handle the event, draw on session.screen (erase, put…, present) …
///     if case .terminate = event { break }
/// }
/// session.close()
/// ```
///
/// `close()` puts the terminal back exactly as it was found; so do `exit()` and crashes
/// (SIGSEGV, SIGILL, SIGABRT, …), through handlers prepared at open time. While open, fd 2 is
/// redirected to a temp file so stray stderr output cannot corrupt the screen; what was written
/// there is replayed on the real stderr after the terminal is restored.
@MainActor
public final class TerminalSession {
    /// The screen to draw on. Its size follows resizes before `.resize` is delivered.
    public var screen: any Screen { cursesScreen }
    /// Keys, resizes and termination requests, in order. Finishes when the session closes.
    /// Meant for one consumer (the shell's run loop).
    public let events: AsyncStream<TerminalEvent>
    /// Whether `close()` has not been called yet.
    public private(set) var isOpen = true

    private let cursesScreen: CursesScreen
    private let continuation: AsyncStream<TerminalEvent>.Continuation
    private let cursesScreenPointer: OpaquePointer
    private var sources: [any DispatchSourceProtocol] = []
    private static var current: TerminalSession?

    /// Signals that ask mvx to leave; delivered as `.terminate(signal:)`.
    static let terminationSignals: [Int32] = [SIGTERM, SIGHUP, SIGINT]

    /// Takes over the terminal. Nothing is written to the terminal unless this succeeds: stdin and
    /// stdout must be TTYs and `TERM` a real, known terminal type; otherwise the error's `message`
    /// says which (e.g. `mvx: TERM is not set`) and the caller should print it and exit with 2.
    public static func open(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(TerminalError) -> TerminalSession {
        if current != nil { throw TerminalError("mvx: the terminal is already open") }
        try checkTerminal(environment: environment)

        // Wide characters need a UTF-8 locale; fall back to C.UTF-8 when the user's is not.
        setlocale(LC_ALL, "")
        if !localeIsUTF8 { setlocale(LC_CTYPE, "C.UTF-8") }

        guard mvx_save_termios(0) == 0 else {
            throw TerminalError("mvx: cannot read the terminal settings of stdin")
        }
        // A parent (a shell script, a CI runner) may have blocked these; then none would arrive.
        for signo in [SIGWINCH, SIGINT, SIGTERM, SIGHUP] { mvx_unblock_signal(signo) }
        // Ignored before newterm so ncurses installs no handlers of its own (it only replaces
        // SIG_DFL); dispatch sources below receive them instead.
        for signo in [SIGWINCH] + terminationSignals { mvx_ignore_signal(signo) }
        if environment["ESCDELAY"] == nil { set_escdelay(25) }  // Esc reacts at once, not after 1 s

        guard let screenPointer = mvx_newterm(nil) else {
            for signo in [SIGWINCH] + terminationSignals { mvx_default_signal(signo) }
            throw TerminalError("mvx: cannot start curses on this terminal (TERM=\(Sanitizer.visible(environment["TERM"] ?? "")))")
        }
        // Everything a crash handler needs, computed now while allocating is still allowed.
        mvx_clear_undo_bytes()
        for capability in ["sgr0", "cnorm", "rmkx", "rmcup"] { mvx_add_undo_bytes(mvx_string_capability(capability)) }
        // Without an alternate screen (vt100) the last frame would stay behind the shell prompt.
        if mvx_has_capability("smcup") == 0 { mvx_add_undo_bytes(mvx_string_capability("clear")) }
        mvx_set_curses_active(1)
        mvx_register_atexit()
        mvx_install_crash_handlers()
        _ = mvx_capture_stderr()

        raw()      // Ctrl-C arrives as a key, not as SIGINT
        noecho()
        nonl()     // Enter arrives as CR and curses may use LF for cursor motion
        let window = mvx_stdscr()
        keypad(window, true)
        nodelay(window, true)  // reads never block the main actor

        var support = ColorSupport.none
        if environment["NO_COLOR"] == nil, has_colors() {
            start_color()
            use_default_colors()
            support = ColorSupport.detect(hasColors: true, colorCount: Int(mvx_colors()), environment: environment)
        }
        let session = TerminalSession(screenPointer: screenPointer, screen: CursesScreen(colorSupport: support))
        current = session
        session.startSources()
        return session
    }

    /// Restores the terminal as it was found: curses ended, tty modes (echo, canonical input)
    /// back, cursor visible, keypad and alternate screen off, stderr back on fd 2 with anything
    /// captured meanwhile printed. Safe to call more than once.
    public func close() {
        guard isOpen else { return }
        isOpen = false
        for source in sources { source.cancel() }
        sources.removeAll()
        continuation.finish()

        let ended = endwin()
        mvx_restore_termios(0)
        // endwin already wrote sgr0/cnorm/rmkx/rmcup; a second rmcup would restore the saved
        // cursor position again, so the prepared bytes are only the fallback — and, where there is
        // no alternate screen to leave (vt100), the way to wipe the app's last frame (they end in clear).
        if ended == ERR || mvx_has_capability("smcup") == 0 { mvx_write_undo_bytes(1) }
        mvx_set_curses_active(0)
        mvx_remove_crash_handlers()
        delscreen(cursesScreenPointer)
        for signo in [SIGWINCH] + Self.terminationSignals { mvx_default_signal(signo) }
        mvx_release_stderr()
        Self.current = nil
    }

    /// The test hook for the end-to-end crash test: true when `MVX_TEST_CRASH_KEY` is set and
    /// `key` is that character. The executable calls `fatalError` then, to prove that a crash
    /// restores the terminal. Never true in normal use (the variable is unset).
    public nonisolated static func isCrashKey(_ key: Key, environment: [String: String]) -> Bool {
        guard let value = environment["MVX_TEST_CRASH_KEY"], let character = value.first, value.count == 1 else {
            return false
        }
        return key == .character(character)
    }

    // MARK: - Checks before any byte is written

    /// Throws unless stdin/stdout are TTYs and TERM names a terminal that can run mvx.
    static func checkTerminal(environment: [String: String]) throws(TerminalError) {
        if isatty(1) == 0 {
            throw TerminalError(
                "mvx: not a terminal (stdout is not a TTY); run it in a terminal, or use 'mvx trace' for headless output")
        }
        if isatty(0) == 0 {
            throw TerminalError(
                "mvx: not a terminal (stdin is not a TTY); run it in a terminal, or use 'mvx trace' for headless output")
        }
        guard let term = environment["TERM"], !term.isEmpty else {
            throw TerminalError("mvx: TERM is not set")
        }
        if term == "dumb" {
            throw TerminalError("mvx: TERM=dumb cannot show a full-screen interface")
        }
        // ncurses reads TERM from the process environment; keep it in step with what we checked.
        if ProcessInfo.processInfo.environment["TERM"] != term { setenv("TERM", term, 1) }
        switch mvx_probe_terminal(term, 1) {
        case 1: break
        case 0: throw TerminalError("mvx: unknown terminal type '\(Sanitizer.visible(term))' (TERM)")
        default: throw TerminalError("mvx: the terminfo database cannot be found (TERM=\(Sanitizer.visible(term)))")
        }
    }

    // MARK: - Event sources

    private init(screenPointer: OpaquePointer, screen: CursesScreen) {
        self.cursesScreenPointer = screenPointer
        self.cursesScreen = screen
        (events, continuation) = AsyncStream.makeStream(of: TerminalEvent.self, bufferingPolicy: .unbounded)
    }

    private func startSources() {
        let input = DispatchSource.makeReadSource(fileDescriptor: 0, queue: .main)
        input.setEventHandler { [weak self] in MainActor.assumeIsolated { self?.readInput() } }
        sources.append(input)

        let resize = DispatchSource.makeSignalSource(signal: SIGWINCH, queue: .main)
        resize.setEventHandler { [weak self] in MainActor.assumeIsolated { self?.handleResize() } }
        sources.append(resize)

        for signo in Self.terminationSignals {
            let source = DispatchSource.makeSignalSource(signal: signo, queue: .main)
            source.setEventHandler { [weak self] in
                MainActor.assumeIsolated { _ = self?.continuation.yield(.terminate(signal: signo)) }
            }
            sources.append(source)
        }
        for source in sources { source.resume() }
    }

    /// Drains every key curses has (nodelay: ERR means none left) and yields them decoded.
    private func readInput() {
        guard isOpen else { return }
        let window = mvx_stdscr()
        var batch: [RawInput] = []
        var character: wint_t = 0
        while true {
            let status = wget_wch(window, &character)
            if status == KEY_CODE_YES {
                batch.append(.code(Int32(bitPattern: UInt32(character))))
            } else if status == OK {
                batch.append(.character(UInt32(character)))
            } else {
                break
            }
        }
        if batch.isEmpty {
            // Readable with nothing to read, and a hangup: the terminal went away. Stop
            // listening (the fd would stay readable forever) and ask the app to leave.
            if Self.hungUp(0) {
                sources.first?.cancel()
                continuation.yield(.terminate(signal: SIGHUP))
            }
            return
        }
        for key in KeyDecoder.decode(batch) { continuation.yield(.key(key)) }
    }

    /// Whether the C library's character set is UTF-8 after setlocale (wide output depends on it).
    private static var localeIsUTF8: Bool {
        guard let codeset = nl_langinfo(nl_item(CODESET)) else { return false }
        let name = String(cString: codeset)
        return name == "UTF-8" || name == "utf8"
    }

    /// Whether fd's terminal has gone away (hangup or error), without reading from it.
    private static func hungUp(_ fd: Int32) -> Bool {
        var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&entry, 1, 0) >= 0 else { return false }
        return entry.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0
    }

    private func handleResize() {
        guard isOpen else { return }
        var rows: Int32 = 0
        var columns: Int32 = 0
        guard mvx_window_size(1, &rows, &columns) == 0 else { return }
        resizeterm(rows, columns)
        cursesScreen.refreshSize()
        continuation.yield(.resize(cursesScreen.size))
    }
}

/// The name the first design used for `TerminalSession`.
public typealias CursesTerminal = TerminalSession
