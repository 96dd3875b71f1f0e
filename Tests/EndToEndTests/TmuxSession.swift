import Foundation
import Testing

/// Runs a program in a real terminal — a pane of a private, detached tmux server — so tests can
/// type at it, read its screen, resize it and see how it leaves the terminal.
///
/// The program runs under a wrapper shell script that records `stty -a` before and after it,
/// its exit status and its pid, then keeps the pane open so the screen can still be read.
/// Everything the pane receives is also recorded byte for byte (`pipe-pane`), so tests can
/// check that no escape sequence was written. Every session has its own tmux server (socket),
/// so tests may run in parallel and `close()` never touches anybody else's tmux.
final class TmuxSession {
    /// The tmux executable, or nil when tmux is not installed.
    static let tmuxPath: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") + ["/usr/bin", "/usr/local/bin", "/opt/homebrew/bin"] {
            let candidate = "\(directory)/tmux"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }()

    static var isAvailable: Bool { tmuxPath != nil }

    /// A TERM the local terminfo knows and that matches tmux's own emulation.
    static let defaultTerm: String = {
        for candidate in ["tmux-256color", "screen-256color", "screen"] {
            if (try? run(["/usr/bin/env", "infocmp", candidate]).status) == 0 { return candidate }
        }
        return "screen"
    }()

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    let socket: String
    let name: String
    /// A private folder for the wrapper, its records and the pane's byte log.
    let directory: URL
    private var socketPath: String?
    private var serverPID: pid_t?
    private var closed = false

    /// Starts `command` in a new detached session of `width`×`height` cells. The program sees
    /// only a small fixed environment (PATH, HOME, LANG=C.UTF-8, TERM, XDG_CACHE_HOME and
    /// XDG_DATA_HOME in the session's folder, SWIFT_BACKTRACE=interactive=no) plus `environment`,
    /// minus the names in `unset`.
    init(command: [String], width: Int = 80, height: Int = 24,
         environment: [String: String] = [:], unset: Set<String> = []) throws {
        guard let tmux = Self.tmuxPath else { throw Failure(description: "tmux is not installed") }
        let id = UUID().uuidString.prefix(8).lowercased()
        socket = "mvx-e2e-\(id)"
        name = "e2e-\(id)"
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("mvx-e2e-\(id)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Self.wrapperScript.write(to: directory.appendingPathComponent("run.sh"), atomically: true, encoding: .utf8)

        var variables = [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
            "HOME": ProcessInfo.processInfo.environment["HOME"] ?? "/tmp",
            "LANG": "C.UTF-8",
            "TERM": Self.defaultTerm,
            // The operation log's default folder, private to the session: a test never writes to ~/.cache.
            "XDG_CACHE_HOME": directory.appendingPathComponent("cache").path,
            // The tour's progress too: a test never writes to ~/.local/share, nor sees what another left.
            "XDG_DATA_HOME": directory.appendingPathComponent("data").path,
            // Swift's crash report still prints after a crash, but does not wait 30 s for a key.
            "SWIFT_BACKTRACE": "interactive=no",
        ]
        variables.merge(environment) { _, new in new }
        for key in unset { variables.removeValue(forKey: key) }
        let assignments = variables.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        let line = (["exec", "env", "-i"] + assignments + ["/bin/sh", directory.appendingPathComponent("run.sh").path,
                                                            directory.path] + command)
            .map(Self.shellQuote).joined(separator: " ")

        try Self.check([tmux, "-L", socket, "-f", "/dev/null", "new-session", "-d", "-s", name,
                        "-x", String(width), "-y", String(height), line])
        socketPath = (try? tmuxCommand(["display-message", "-p", "#{socket_path}"]))?
            .trimmingCharacters(in: .whitespacesAndNewlines)
        serverPID = (try? tmuxCommand(["display-message", "-p", "#{pid}"]))
            .flatMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        // Record the pane's bytes before the wrapper lets the program start (it waits for "go").
        let log = Self.shellQuote(directory.appendingPathComponent("output").path)
        try tmuxCommand(["pipe-pane", "-o", "-t", name, "cat >> \(log)"])
        _ = FileManager.default.createFile(atPath: directory.appendingPathComponent("go").path, contents: Data())
    }

    deinit { close() }

    /// Kills the tmux server of this session and removes its folder. Idempotent.
    func close() {
        guard !closed else { return }
        closed = true
        if let tmux = Self.tmuxPath { _ = try? Self.run([tmux, "-L", socket, "kill-server"]) }
        // Never leave a server behind, even if kill-server could not reach it.
        if let serverPID, serverPID > 1, kill(serverPID, 0) == 0 { kill(serverPID, SIGKILL) }
        // A killed server may leave its socket file behind.
        if let socketPath, socketPath.contains(socket) { try? FileManager.default.removeItem(atPath: socketPath) }
        try? FileManager.default.removeItem(at: directory)
    }

    // MARK: - Driving

    /// Sends tmux key names (`q`, `C-c`, `Up`, `Escape`, `F5`).
    func send(keys: String...) throws {
        try tmuxCommand(["send-keys", "-t", name] + keys)
    }

    /// Types `text` literally.
    func type(_ text: String) throws {
        try tmuxCommand(["send-keys", "-t", name, "-l", text])
    }

    /// Sends raw bytes, as a terminal would for a key tmux has no name for (`1b 4f 71`: ESC O q).
    func send(bytes: [UInt8]) throws {
        try tmuxCommand(["send-keys", "-t", name, "-H"] + bytes.map { String(format: "%02x", $0) })
    }

    /// Sends a mouse report for cell (x, y) (from 0) as a terminal does once the program turned
    /// mouse reporting on: SGR (`ESC [ < b ; x ; y M`, `m` for a release) if it asked for mode
    /// 1006, else the X10 form (`ESC [ M` and three bytes offset by 32). tmux passes the bytes on
    /// as they are, whatever its own `mouse` option. `button` is the report's code: 0 the left
    /// button, 64 the wheel up, 65 the wheel down.
    func mouse(button: Int, x: Int, y: Int, release: Bool = false) throws {
        let asked = String(decoding: output, as: UTF8.self)
        if asked.contains("\u{1B}[?1006") {
            try send(bytes: Array("\u{1B}[<\(button);\(x + 1);\(y + 1)\(release ? "m" : "M")".utf8))
        } else {
            try send(bytes: [0x1B, 0x5B, 0x4D, UInt8(32 + (release ? 3 : button)), UInt8(33 + x), UInt8(33 + y)])
        }
    }

    /// A left click on cell (x, y): a press and its release.
    func click(x: Int, y: Int) throws {
        try mouse(button: 0, x: x, y: y)
        try mouse(button: 0, x: x, y: y, release: true)
    }

    /// The cell where `text` first starts on the screen, counting characters (narrow ones before it).
    func cell(of text: String) throws -> (x: Int, y: Int)? {
        for (y, line) in try capture().components(separatedBy: "\n").enumerated() {
            if let range = line.range(of: text) { return (line.distance(from: line.startIndex, to: range.lowerBound), y) }
        }
        return nil
    }

    /// Whether the program ever turned mouse reporting on (modes 1000, 1002, 1003 or 1006 set).
    var mouseReportingWasOn: Bool {
        String(decoding: output, as: UTF8.self)
            .contains(/\x1B\[\?[0-9;]*(1000|1002|1003|1006)[0-9;]*h/)
    }

    /// Pastes `text` as a terminal does: bracketed (ESC [ 200 ~ … ESC [ 201 ~) when the program
    /// asked for bracketed paste, plain otherwise (`paste-buffer -p`).
    func paste(_ text: String) throws {
        try tmuxCommand(["set-buffer", "-b", "e2e", "--", text])
        try tmuxCommand(["paste-buffer", "-p", "-d", "-b", "e2e", "-t", name])
    }

    func resize(width: Int, height: Int) throws {
        try tmuxCommand(["resize-window", "-t", name, "-x", String(width), "-y", String(height)])
    }

    /// Sends a signal to the program (not to the wrapper).
    func signal(_ signal: Int32) throws {
        guard let pid = programPID else { throw Failure(description: "the program has not started") }
        guard kill(pid, signal) == 0 else { throw Failure(description: "kill(\(pid), \(signal)) failed: errno \(errno)") }
    }

    // MARK: - Observing

    /// The visible screen as text, one line per row.
    func capture() throws -> String {
        try tmuxCommand(["capture-pane", "-p", "-t", name])
    }

    /// The normal screen's scrollback and the visible screen, as text (what scrolled off stays readable).
    func captureHistory() throws -> String {
        try tmuxCommand(["capture-pane", "-p", "-S", "-", "-t", name])
    }

    /// The visible screen with its colours and attributes as SGR escape sequences (`capture-pane -e`).
    func captureWithStyles() throws -> String {
        try tmuxCommand(["capture-pane", "-p", "-e", "-t", name])
    }

    /// tmux's view of the pane's modes: alternate screen, cursor visibility, keypad modes.
    func paneModes() throws -> (alternateScreen: Bool, cursorVisible: Bool, keypad: Bool) {
        let flags = try tmuxCommand(["display-message", "-p", "-t", name,
                                     "#{alternate_on} #{cursor_flag} #{keypad_flag} #{keypad_cursor_flag}"])
            .split(separator: " ").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        guard flags.count == 4 else { throw Failure(description: "unexpected display-message output \(flags)") }
        return (flags[0] == "1", flags[1] == "1", flags[2] == "1" || flags[3] == "1")
    }

    /// Whether the pane has any mouse reporting mode on now (tmux's view of it).
    func mouseReportingIsOn() throws -> Bool {
        try tmuxCommand(["display-message", "-p", "-t", name, "#{mouse_any_flag}"])
            .trimmingCharacters(in: .whitespacesAndNewlines) == "1"
    }

    /// The pid of the program, once it has started.
    var programPID: pid_t? {
        read("pid").flatMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    /// The program's exit status once it has exited (128 + n when killed by signal n).
    var exitStatus: Int32? {
        read("status").flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    /// `stty -a` as it was before the program started and after it exited.
    var sttyBefore: String? { read("stty-before") }
    var sttyAfter: String? { read("stty-after") }

    /// Every byte the pane received since the program was allowed to start.
    var output: Data { (try? Data(contentsOf: directory.appendingPathComponent("output"))) ?? Data() }

    /// The marker the wrapper prints on the pane after the program exits.
    static let exitMarker = "[mvx-e2e exited "

    // MARK: - Waiting (polling with a deadline; never a fixed sleep)

    /// Polls `condition` until it holds or `timeout` passes; returns whether it held.
    func waitUntil(timeout: Duration = .seconds(10), _ condition: () throws -> Bool) async throws -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        while true {
            if try condition() { return true }
            if clock.now >= deadline { return false }
            try await Task.sleep(for: .milliseconds(40))
        }
    }

    /// Waits until the screen shows `text`; returns the last capture either way.
    @discardableResult
    func waitUntil(screenContains text: String, timeout: Duration = .seconds(10)) async throws -> (Bool, String) {
        var screen = ""
        let found = try await waitUntil(timeout: timeout) {
            screen = try capture()
            return screen.contains(text)
        }
        guard found else { return (false, screen) }
        // The text may be the first row of a frame still arriving (a panel's title before its
        // body): the screen is taken again once the pane has received nothing for a poll (kept
        // if it still shows the text).
        var received = output.count
        for _ in 0..<25 {
            try await Task.sleep(for: .milliseconds(40))
            let now = output.count
            if now == received { break }
            received = now
        }
        let settled = try capture()
        return (true, settled.contains(text) ? settled : screen)
    }

    /// Waits for the program to exit and the wrapper to record it; nil on timeout.
    func waitForExit(timeout: Duration = .seconds(10)) async throws -> Int32? {
        // The pane's bytes reach `output` through pipe-pane, later than the status file: the
        // wrapper's exit marker, written after the program's last byte, says they all arrived.
        let marker = Data(Self.exitMarker.utf8)
        _ = try await waitUntil(timeout: timeout) { exitStatus != nil && output.range(of: marker) != nil }
        return exitStatus
    }

    // MARK: - Plumbing

    private func read(_ file: String) -> String? {
        try? String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
    }

    @discardableResult
    private func tmuxCommand(_ arguments: [String]) throws -> String {
        guard let tmux = Self.tmuxPath else { throw Failure(description: "tmux is not installed") }
        return try Self.check([tmux, "-L", socket] + arguments)
    }

    @discardableResult
    private static func check(_ arguments: [String]) throws -> String {
        let result = try run(arguments)
        guard result.status == 0 else {
            throw Failure(description: "\(arguments.joined(separator: " ")) failed (\(result.status)): \(result.error)")
        }
        return result.output
    }

    /// Runs a command to completion with posix_spawn and waitpid, its output through temp files.
    /// Not Foundation's Process: `tmux new-session` forks a server that inherits every open
    /// descriptor, including the one Process watches to learn that its child exited, and pipes
    /// would likewise never reach end of file — either way the test would hang. A command still
    /// running after `timeout` is killed and reported: a blocking wait would hold the test's thread,
    /// which no time limit can take back.
    static func run(
        _ arguments: [String], timeout: Duration = .seconds(30)
    ) throws -> (status: Int32, output: String, error: String) {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("mvx-e2e-run-\(UUID().uuidString)")
        let outPath = base.path + ".out", errPath = base.path + ".err"
        defer {
            try? FileManager.default.removeItem(atPath: outPath)
            try? FileManager.default.removeItem(atPath: errPath)
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)

        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        // Test code runs on dispatch worker threads, which block every signal; a spawned child
        // inherits that mask, and a tmux server with SIGCHLD and SIGTERM blocked never exits.
        // So children start with nothing blocked and default dispositions.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t(), allSignals = sigset_t()
        sigemptyset(&noSignals)
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, arguments[0], &actions, &attributes, argv, environ)
        guard spawned == 0 else { throw Failure(description: "cannot run \(arguments[0]): error \(spawned)") }
        var status: Int32 = 0
        let deadline = ContinuousClock.now + timeout
        var pause: UInt32 = 50  // microseconds, doubled up to 20 ms: most commands end within a millisecond or two
        while true {
            let reaped = waitpid(pid, &status, WNOHANG)
            if reaped == pid { break }
            if reaped < 0 {
                guard errno == EINTR else { throw Failure(description: "waitpid failed: errno \(errno)") }
                continue
            }
            guard ContinuousClock.now < deadline else {
                kill(pid, SIGKILL)
                while waitpid(pid, &status, 0) < 0, errno == EINTR {}
                throw Failure(description: "\(arguments.joined(separator: " ")) still running after \(timeout): killed")
            }
            usleep(pause)
            pause = min(pause * 2, 20_000)
        }
        // WEXITSTATUS / WTERMSIG are macros; decoded by hand.
        let exitCode = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        let output = (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? ""
        let error = (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? ""
        return (exitCode, output, error)
    }

    static func shellQuote(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// Waits for the go file, runs the program in the pane's foreground (recording its pid), then
    /// records the tty modes and exit status and keeps the pane alive.
    private static let wrapperScript = #"""
        #!/bin/sh
        dir="$1"; shift
        while [ ! -e "$dir/go" ]; do sleep 0.02; done
        stty -a > "$dir/stty-before" 2>&1
        sh -c 'echo $$ > "$0"; exec "$@"' "$dir/pid" "$@"
        status=$?
        stty -a > "$dir/stty-after" 2>&1
        printf '%s%s]\n' '[mvx-e2e exited ' "$status"
        echo "$status" > "$dir/status.tmp" && mv "$dir/status.tmp" "$dir/status"
        exec sleep 3600
        """#
}

extension TmuxSession {
    /// Waits until the screen shows `text`; records a failure naming `step` and the screen if it
    /// never does. Returns the screen as last captured.
    @discardableResult
    func expectScreen(shows text: String, _ step: String,
                      sourceLocation: SourceLocation = #_sourceLocation) async throws -> String {
        let (shown, screen) = try await waitUntil(screenContains: text)
        #expect(shown, "\(step): '\(text)' not on screen:\n\(screen)", sourceLocation: sourceLocation)
        return screen
    }
}
