import CNcursesw
import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
import Glibc
#else
import Foundation
#endif
import TerminalRestore

/// The terminal while mvx owns it: curses set up on stdin/stdout, a `CursesScreen` to draw on,
/// and keys, resizes and termination signals as one stream of events.
///
/// Everything waiting on the terminal is read and decoded at once and delivered as one batch
/// (`eventBatches`), so a run loop can handle a burst of keys before it draws a single frame.
/// Termination signals are caught by a watchdog thread: the run loop gets `.terminate`, and if the
/// main thread is too busy to close the session within half a second, the watchdog restores the
/// terminal and exits. Ctrl-Z suspends (terminal restored, process group stopped) and `fg` comes
/// back with a `.resize` that makes the app draw a whole frame.
///
/// ```swift
/// let session: TerminalSession
/// do { session = try TerminalSession.open() } catch {
///     error.writeToStandardError(); exit(2)   // error is a TerminalError (typed throws)
/// }
/// defer { session.close() }
/// … draw the first frame on session.screen …
/// session.listen()
/// for await event in session.events {
///     … handle the event, draw on session.screen (erase, put…, present) …
///     if case .terminate = event { break }
/// }
/// session.close()
/// ```
///
/// `close()` puts the terminal back exactly as it was found; so do `exit()`, crashes
/// (SIGSEGV, SIGILL, SIGABRT, SIGQUIT, …; Swift's crash report prints after) and signals that end
/// the app, through handlers prepared at open time. SIGPIPE is ignored (a write to a closed pipe fails instead). While open, fd 2 is
/// redirected to a temp file so stray stderr output cannot corrupt the screen; what was written
/// there is replayed on the real stderr after the terminal is restored.
@MainActor
package final class TerminalSession {
    /// The screen to draw on. Its size follows resizes before `.resize` is delivered.
    package var screen: any Screen { cursesScreen }
    /// Keys, resizes and termination requests, in order, one batch per read of the terminal:
    /// everything that was waiting. Finishes when the session closes. Meant for one consumer (the
    /// shell's run loop), which should handle a whole batch before it draws; consume either this
    /// or `events`, not both.
    package let eventBatches: TerminalEventBatches
    /// The same events one at a time (the batches flattened).
    package var events: TerminalEvents { TerminalEvents(batches: eventBatches) }
    /// Whether `close()` has not been called yet.
    package private(set) var isOpen = true
    /// The terminal's background, dark or light, as `open`'s `theme` chose or the terminal said.
    package var appearance: Appearance { cursesScreen.appearance }
    /// Whether the terminal reports the mouse: asked for at `open` and the terminal able to.
    /// Off, the terminal keeps its own text selection and mvx never sees a click.
    package private(set) var isMouseEnabled = false

    private let cursesScreen: CursesScreen
    private let continuation: AsyncStream<[TerminalEvent]>.Continuation
    private var decoder = KeyDecoder()
    /// Counts reads that left the decoder pending, so a quiet-time flush knows it is still current.
    private var inputGeneration = 0
    /// How long an unfinished escape sequence or paste may wait for the rest of its bytes.
    static let quietInterval: DispatchTimeInterval = .milliseconds(500)
    /// How long the rest of an X10 mouse report may take. A terminal writes the six bytes at once,
    /// but past column 95 a coordinate is a byte curses cannot decode as UTF-8 and never passes on:
    /// the report stays short, and waiting longer would take the next keys typed for its bytes.
    static let mouseReportInterval: DispatchTimeInterval = .milliseconds(50)
    private let cursesScreenPointer: OpaquePointer
    private var sources: [any DispatchSourceProtocol] = []
    private static var current: TerminalSession?

    /// Signals that ask mvx to leave; delivered as `.terminate(signal:)`. Besides the usual three,
    /// those whose default action would kill mvx with the terminal left raw.
    static let terminationSignals: [Int32] = [SIGTERM, SIGHUP, SIGINT, SIGUSR1, SIGUSR2, SIGALRM]
    /// How long the main thread has to close the session after a termination signal before the
    /// watchdog restores the terminal and exits on its own.
    static let terminationGraceMilliseconds: Int32 = 500

    /// Takes over the terminal. Nothing is written to the terminal unless this succeeds: stdin and
    /// stdout must be TTYs and `TERM` a real, known terminal type; otherwise the error's `message`
    /// says which (e.g. `mvx: TERM is not set`) and the caller should print it and exit with 2.
    /// With `mouse` (the default), mouse reporting is turned on where the terminal offers it
    /// (its terminfo names a mouse prefix, `kmous`); with `mouse: false` it is never touched.
    /// With `theme: .auto` (the default) the terminal is asked for its background colour (OSC 11,
    /// at most 0.1 s, before curses reads input), else `COLORFGBG` is read; `appearance` says
    /// what was chosen. Not asked under `NO_COLOR`, where colours are not drawn.
    package static func open(
        environment: [String: String] = ProcessInfo.processInfo.environment, mouse: Bool = true, theme: ThemeChoice = .auto
    ) throws(TerminalError) -> TerminalSession {
        if current != nil { throw TerminalError("mvx: the terminal is already open") }
        try checkTerminal(environment: environment)

        // Wide characters need a UTF-8 locale; fall back to C.UTF-8 when the user's is not. Only
        // the character set: LC_ALL would read a dozen locale files that nothing here uses.
        setlocale(LC_CTYPE, "")
        if !localeIsUTF8 { setlocale(LC_CTYPE, "C.UTF-8") }

        guard mvx_save_termios(0) == 0 else {
            throw TerminalError("mvx: cannot read the terminal settings of stdin")
        }
        // A parent (a shell script, a CI runner) may have blocked these; then none would arrive.
        for signo in [SIGWINCH, SIGQUIT] + terminationSignals { mvx_unblock_signal(signo) }
        // Set before newterm so ncurses installs no handlers of its own (it only replaces
        // SIG_DFL): SIGWINCH goes to a dispatch source, the termination signals to the watchdog,
        // SIGTSTP is ignored (Ctrl-Z is read as a key and suspends through `suspend()`), and
        // SIGPIPE is ignored for good: a closed pipe on stderr must not kill mvx mid-frame.
        for signo in [SIGWINCH, SIGTSTP, SIGPIPE] { mvx_ignore_signal(signo) }
        let installed = terminationSignals.withUnsafeBufferPointer { signals in
            mvx_install_termination_handlers(signals.baseAddress, Int32(signals.count), terminationGraceMilliseconds)
        }
        guard installed == 0 else {
            for signo in [SIGWINCH, SIGTSTP] { mvx_default_signal(signo) }
            throw TerminalError("mvx: cannot set up signal handling")
        }
        if environment["ESCDELAY"] == nil { set_escdelay(25) }  // Esc reacts at once, not after 1 s

        // Asked now, while the tty is still the shell's and before curses reads a key, so the
        // answer is never taken for keys; stdout is a TTY and TERM is not dumb (checked above).
        var asked: (background: RGBColor?, typedAhead: [UInt8]) = (nil, [])
        if theme == .auto, !ColorSupport.wantsNoColor(environment) { asked = askBackground() }
        let appearance = theme.appearance(detected: BackgroundDetection.appearance(reply: asked.background, environment: environment))

        // The terminal's own size (TIOCGWINSZ), never LINES/COLUMNS: a stale pair exported by a shell
        // would lay out 160×50 in a 100×30 pane. use_env(false) alone would fall back to terminfo's
        // 80×24; with use_tioctl(true) ncurses asks the tty and ignores the variables (curs_util(3X)).
        use_env(false)
        use_tioctl(true)
        guard let screenPointer = mvx_newterm(nil) else {
            mvx_remove_termination_handlers()
            for signo in [SIGWINCH, SIGTSTP] { mvx_default_signal(signo) }
            throw TerminalError("mvx: cannot start curses on this terminal (TERM=\(Sanitizer.visible(environment["TERM"] ?? "", limit: termLimit)))")
        }
        // Until a screen has been ended and resumed once, ncurses flushes its output at every
        // cursor move (it takes itself for a low-level terminfo program): a frame went out as one
        // write(2) per jump, 20 to 30 of them, which a terminal may show half drawn and ssh may send
        // as as many packets. Ended and resumed now, before anything is drawn, every frame is one
        // write. Meanwhile the terminal shows at most what it showed before mvx started.
        endwin()
        doupdate()
        // Everything a crash handler needs, computed now while allocating is still allowed.
        mvx_clear_undo_bytes()
        // BD turns bracketed paste off again (only where the terminal offers it, see below).
        for capability in ["sgr0", "cnorm", "rmkx", "rmcup", "BD"] { mvx_add_undo_bytes(mvx_string_capability(capability)) }
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
        // Curses must not take mouse reports itself: its X10 decoding blocks reading the three bytes
        // after ESC [ M (garbage there would swallow later keys), and a terminfo whose kmous is
        // ESC [ < would split SGR reports. Reports reach `KeyDecoder` as bytes, parsed or dropped whole.
        _ = keyok(mvx_key_mouse(), false)

        var support = ColorSupport.none
        if !ColorSupport.wantsNoColor(environment), has_colors() {
            start_color()
            use_default_colors()
            support = ColorSupport.detect(hasColors: true, colorCount: Int(mvx_colors()), environment: environment)
        }
        let session = TerminalSession(screenPointer: screenPointer, screen: CursesScreen(colorSupport: support, appearance: appearance))
        current = session
        // A paste then arrives between ESC [ 200 ~ and ESC [ 201 ~ and becomes one `.paste`.
        session.setBracketedPaste(true)
        if mouse { session.enableMouse() }
        // Keys typed while the query was out come first, as the first batch.
        session.deliver(rawInput(typedAhead: asked.typedAhead))
        return session
    }

    /// Restores the terminal as it was found: curses ended, tty modes (echo, canonical input)
    /// back, cursor visible, keypad and alternate screen off, stderr back on fd 2 with anything
    /// captured meanwhile printed. Safe to call more than once.
    package func close() {
        guard isOpen else { return }
        isOpen = false
        for source in sources { source.cancel() }
        sources.removeAll()
        continuation.finish()

        setBracketedPaste(false)
        setMouseReporting(false)
        let ended = endwin()
        mvx_restore_termios(0)
        // endwin already wrote sgr0/cnorm/rmkx/rmcup; a second rmcup would restore the saved
        // cursor position again, so the prepared bytes are only the fallback — and, where there is
        // no alternate screen to leave (vt100), the way to wipe the app's last frame (they end in clear).
        if ended == ERR || mvx_has_capability("smcup") == 0 { mvx_write_undo_bytes(1) }
        mvx_set_curses_active(0)
        mvx_remove_crash_handlers()
        delscreen(cursesScreenPointer)
        mvx_remove_termination_handlers()
        for signo in [SIGWINCH, SIGTSTP] { mvx_default_signal(signo) }
        mvx_release_stderr()
        Self.current = nil
    }

    // The end-to-end tests' hooks are debug-only: a release binary holds neither name nor behaviour.
    #if DEBUG
    /// The test hook for the end-to-end crash test: true when `MVX_TEST_CRASH_KEY` is set and
    /// `key` is that character. The executable calls `fatalError` then, to prove that a crash
    /// restores the terminal. Never true in normal use (the variable is unset).
    package nonisolated static func isCrashKey(_ key: Key, environment: [String: String]) -> Bool {
        guard let value = environment["MVX_TEST_CRASH_KEY"], let character = value.first, value.count == 1 else {
            return false
        }
        return key == .character(character)
    }

    /// The test hook for the end-to-end "signals while busy" tests: true when `MVX_TEST_BUSY_KEY`
    /// is set and `key` is that character. The executable then blocks its main thread, as a very
    /// long frame would. Never true in normal use (the variable is unset).
    package nonisolated static func isBusyKey(_ key: Key, environment: [String: String]) -> Bool {
        guard let value = environment["MVX_TEST_BUSY_KEY"], let character = value.first, value.count == 1 else {
            return false
        }
        return key == .character(character)
    }
    #endif

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
        // The error line names TERM, cut: a 5,000-character TERM must not fill the screen.
        let shown = Sanitizer.visible(term, limit: termLimit)
        if term == "dumb" {
            throw TerminalError("mvx: TERM=dumb cannot show a full-screen interface")
        }
        // ncurses reads TERM from the process environment; keep it in step with what we checked.
        if ProcessInfo.processInfo.environment["TERM"] != term { setenv("TERM", term, 1) }
        switch mvx_probe_terminal(term, 1) {
        case 1: break
        case 0: throw TerminalError("mvx: unknown terminal type '\(shown)' (TERM)")
        default: throw TerminalError("mvx: the terminfo database cannot be found (TERM=\(shown))")
        }
    }

    // MARK: - Event sources

    private init(screenPointer: OpaquePointer, screen: CursesScreen) {
        self.cursesScreenPointer = screenPointer
        self.cursesScreen = screen
        let (stream, continuation) = AsyncStream.makeStream(of: [TerminalEvent].self, bufferingPolicy: .unbounded)
        (eventBatches, self.continuation) = (TerminalEventBatches(stream: stream), continuation)
    }

    /// Gives the calling thread an alternate signal stack, once, so that a stack overflow on it
    /// still reaches the crash handlers that restore the terminal. The terminal's main-actor
    /// entries call it: event handlers, the event loop's every batch, each frame.
    // The main actor runs wherever the main queue is drained: libdispatch's workers once dispatch_main parks main.
    nonisolated static func prepareCrashStack() { mvx_install_alternate_stack() }

    /// Runs a main-queue handler's `body` on the main actor, its thread given a crash stack first.
    private nonisolated static func onMainQueue(_ body: @MainActor () -> Void) {
        prepareCrashStack()
        MainActor.assumeIsolated(body)
    }

    /// Starts hearing the terminal: keys, resizes and termination signals, as `eventBatches`.
    /// Apart from `open` so that a first frame can go out before libdispatch starts its event
    /// thread: keys typed meanwhile wait in the tty, a termination signal in its pipe, and a
    /// resize meanwhile is caught here. Calling it again does nothing.
    package func listen() {
        guard isOpen, sources.isEmpty else { return }
        startSources()
        var rows: Int32 = 0
        var columns: Int32 = 0
        if mvx_window_size(1, &rows, &columns) == 0, Size(width: Int(columns), height: Int(rows)) != cursesScreen.size {
            handleResize()
        }
    }

    private func startSources() {
        let input = DispatchSource.makeReadSource(fileDescriptor: 0, queue: .main)
        input.setEventHandler { [weak self] in Self.onMainQueue { self?.readInput() } }
        sources.append(input)

        let resize = DispatchSource.makeSignalSource(signal: SIGWINCH, queue: .main)
        resize.setEventHandler { [weak self] in Self.onMainQueue { self?.handleResize() } }
        sources.append(resize)

        // The watchdog passes termination signals on through this pipe (and acts alone if the
        // main thread does not get to them in time).
        let termination = DispatchSource.makeReadSource(fileDescriptor: mvx_termination_notify_fd(), queue: .main)
        termination.setEventHandler { [weak self] in
            Self.onMainQueue {
                var events: [TerminalEvent] = []
                while case let signo = mvx_read_termination_signal(), signo != 0 { events.append(.terminate(signal: signo)) }
                if !events.isEmpty { _ = self?.continuation.yield(events) }
            }
        }
        sources.append(termination)
        for source in sources { source.resume() }
    }

    /// Turns mouse reporting on where the terminal has it (terminfo names a mouse prefix, `kmous`):
    /// presses, releases and the wheel (mode 1000, no motion) in the SGR encoding (1006), whose
    /// reports are plain CSI sequences with no limit on columns. A terminal without `kmous` gets
    /// nothing written, so its own selection still works.
    private func enableMouse() {
        guard mvx_has_capability("kmous") != 0 else { return }
        isMouseEnabled = true
        // close() and Ctrl-Z turn reporting off; after a crash or a signal the restore writes these.
        mvx_add_undo_bytes(Self.mouseOffBytes)
        setMouseReporting(true)
    }

    /// Mouse reporting on (clicks and wheel, SGR encoding), and off in every mode a program may set.
    nonisolated static let mouseOnBytes = "\u{1B}[?1000h\u{1B}[?1006h"
    nonisolated static let mouseOffBytes = "\u{1B}[?1000l\u{1B}[?1002l\u{1B}[?1006l"

    /// Writes the mouse on or off sequence, if mouse reporting was enabled at all.
    private func setMouseReporting(_ on: Bool) {
        guard isMouseEnabled else { return }
        Self.writeAll(Array((on ? Self.mouseOnBytes : Self.mouseOffBytes).utf8))
    }

    /// Sends the terminal's "bracketed paste on/off" (terminfo BE/BD), where it has them.
    private func setBracketedPaste(_ on: Bool) {
        guard let capability = mvx_string_capability(on ? "BE" : "BD") else { return }
        Self.writeAll(Array(Self.withoutPadding(String(cString: capability)).utf8))
    }

    /// Writes `bytes` to stdout at once, past curses' buffer (modes curses does not know of).
    static func writeAll(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = write(1, raw.baseAddress! + offset, raw.count - offset)
                if written <= 0 { break }
                offset += written
            }
        }
    }

    /// A terminfo string without its padding (`$<50>`), which only tputs understands (as a delay):
    /// written raw, as the restore bytes are, it would be printed.
    nonisolated static func withoutPadding(_ capability: String) -> String {
        var buffer = [CChar](repeating: 0, count: capability.utf8.count + 1)
        let length = mvx_strip_padding(capability, &buffer, buffer.count)
        return String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Ctrl-Z: gives the terminal back to the shell as `close()` would, stops the process (SIGTSTP),
    /// and after `fg` (SIGCONT) takes it again; the `.resize` yielded then makes the app draw a
    /// whole frame (curses clears and repaints everything on the next update).
    private func suspend() {
        setBracketedPaste(false)
        setMouseReporting(false)
        endwin()
        mvx_restore_termios(0)
        mvx_set_curses_active(0)
        mvx_stop_process_group()
        mvx_set_curses_active(1)
        setBracketedPaste(true)
        setMouseReporting(true)
        // doupdate puts curses' terminal modes and the alternate screen back, keypad() the keypad
        // transmit mode; clearok makes the next frame repaint every cell.
        doupdate()
        keypad(mvx_stdscr(), true)
        clearok(mvx_stdscr(), true)
        handleResize(force: true)
    }

    /// Drains every key curses has (nodelay: ERR means none left) and yields them decoded, as one
    /// batch (Ctrl-Z suspends in between: the keys before it are yielded first).
    private func readInput() {
        guard isOpen else { return }
        inputGeneration &+= 1  // any read makes a pending quiet-time flush stale
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
                continuation.yield([.terminate(signal: SIGHUP)])
            }
            return
        }
        deliver(batch)
    }

    /// Decodes a batch of input and yields its keys as one batch of events (Ctrl-Z suspends in
    /// between: the keys before it are yielded first).
    private func deliver(_ batch: [RawInput]) {
        guard !batch.isEmpty else { return }
        var events: [TerminalEvent] = []
        for key in decoder.feed(batch) {
            if key == .control("z") {
                if !events.isEmpty { continuation.yield(events) }
                events.removeAll()
                suspend()
            } else {
                events.append(.key(key))
            }
        }
        if !events.isEmpty { continuation.yield(events) }
        if decoder.isPending { finishPendingWhenQuiet() }
    }

    /// A sequence or paste still open after a read normally completes with the next one; if no
    /// input comes for `quietInterval` (`mouseReportInterval` for an X10 report), it is ended
    /// (`KeyDecoder.finishPending`).
    private func finishPendingWhenQuiet() {
        inputGeneration &+= 1
        let generation = inputGeneration
        let interval = decoder.isInMouseReport ? Self.mouseReportInterval : Self.quietInterval
        DispatchQueue.main.asyncAfter(deadline: .now() + interval) { [weak self] in
            Self.onMainQueue {
                guard let self, self.isOpen, self.inputGeneration == generation, self.decoder.isPending else { return }
                let events = self.decoder.finishPending().map(TerminalEvent.key)
                if !events.isEmpty { self.continuation.yield(events) }
            }
        }
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

    private func handleResize(force: Bool = false) {
        guard isOpen else { return }
        var rows: Int32 = 0
        var columns: Int32 = 0
        if mvx_window_size(1, &rows, &columns) == 0 {
            resizeterm(rows, columns)
        } else if !force {
            return
        }
        cursesScreen.refreshSize()
        continuation.yield([.resize(cursesScreen.size)])
    }

    /// TERM is shown cut to this many characters in error messages.
    static let termLimit = 64
}

/// `TerminalSession.eventBatches`: the session's events, one batch per read of the terminal. A
/// consumer on an actor gets each batch on the thread that runs that actor, given a crash stack
/// first (`TerminalSession.prepareCrashStack`): for the main actor that thread changes over a run.
package struct TerminalEventBatches: AsyncSequence, Sendable {
    package typealias Element = [TerminalEvent]
    package typealias Failure = Never
    let stream: AsyncStream<[TerminalEvent]>

    package func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(base: stream.makeAsyncIterator())
    }

    /// Waits for the next batch; nil once the session has closed.
    package struct AsyncIterator: AsyncIteratorProtocol {
        var base: AsyncStream<[TerminalEvent]>.AsyncIterator

        package mutating func next() async -> [TerminalEvent]? {
            await base.next()
        }

        package mutating func next(isolation actor: isolated (any Actor)?) async -> [TerminalEvent]? {
            let batch = await base.next(isolation: actor)
            TerminalSession.prepareCrashStack()
            return batch
        }
    }
}

/// `TerminalSession.events`: the session's event batches, one event at a time.
package struct TerminalEvents: AsyncSequence, Sendable {
    package typealias Element = TerminalEvent
    package typealias Failure = Never
    let batches: TerminalEventBatches

    package func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(batches: batches.makeAsyncIterator())
    }

    /// Hands out a batch's events in order, then waits for the next batch.
    package struct AsyncIterator: AsyncIteratorProtocol {
        var batches: TerminalEventBatches.AsyncIterator
        var buffered: ArraySlice<TerminalEvent> = []

        package mutating func next() async -> TerminalEvent? {
            while buffered.isEmpty {
                guard let batch = await batches.next() else { return nil }
                buffered = batch[...]
            }
            return buffered.popFirst()
        }

        package mutating func next(isolation actor: isolated (any Actor)?) async -> TerminalEvent? {
            while buffered.isEmpty {
                guard let batch = await batches.next(isolation: actor) else { return nil }
                buffered = batch[...]
            }
            return buffered.popFirst()
        }
    }
}

/// The name the first design used for `TerminalSession`.
package typealias CursesTerminal = TerminalSession
