import Foundation
import Testing

/// The key bar's colours tell the theme apart: the keys are 214 and their labels 248 on dark,
/// 130 and 240 on light (ShellPalette), as the SGR sequences a 256-colour terminal is sent.
enum ThemeMarks {
    static let lightKeys = "38;5;130m"
    static let darkLabels = "38;5;248m"

    static func isLight(_ output: String) -> Bool { output.contains(lightKeys) && !output.contains(darkLabels) }
    static func isDark(_ output: String) -> Bool { output.contains(darkLabels) && !output.contains(lightKeys) }
}

/// `--theme` in a real terminal (tmux), and the option refused with its values named.
@Suite("Theme (tmux)", .serialized,
       .enabled(if: TmuxSession.isAvailable, "tmux is not installed; end-to-end terminal tests need it"),
       .timeLimit(.minutes(1)))
struct ThemeTmuxTests {
    @Test("--theme light and --theme dark colour the key bar for their background", arguments: ["light", "dark"])
    func fixedTheme(theme: String) async throws {
        let session = try TmuxSession(command: [mvxBinary, "--theme", theme, "--latency", "0"], width: 80, height: 24)
        defer { session.close() }
        try await session.expectScreen(shows: "quit", "the first frame")
        let styled = try session.captureWithStyles()
        #expect(theme == "light" ? ThemeMarks.isLight(styled) : ThemeMarks.isDark(styled), "\(styled.debugDescription)")
        try session.type("q")
        #expect(try await session.waitForExit() == 0)
    }

    @Test("--theme purple exits 2 and names the choices")
    func badTheme() throws {
        let result = try TmuxSession.run([mvxBinary, "--theme", "purple"])
        #expect(result.status == 2)
        #expect(result.output.isEmpty)
        let first = result.error.split(separator: "\n").first.map(String.init) ?? ""
        #expect(first.contains("'purple'") && first.contains("--theme") && first.contains("'auto', 'dark' or 'light'"),
                "\(result.error)")
    }
}

/// Detection end to end: mvx on a pseudo-terminal this test plays the terminal of, answering the
/// OSC 11 query as it likes — white, black, late or not at all — and reading every byte mvx writes.
/// An answer that must arrive in time is written before mvx asks: it waits in the terminal's input
/// as a fast terminal's would, and the test never races the 0.1 s limit on a loaded machine.
@Suite("Theme detection (pseudo-terminal)", .serialized, .timeLimit(.minutes(1)))
struct ThemeDetectionTests {
    static let query = "\u{1B}]11;?"
    static let da1Reply = "\u{1B}[?64;1;2;6;22c"

    @Test("the terminal's answer decides, with BEL or ST", arguments: [
        ("\u{1B}]11;rgb:ffff/ffff/ffff\u{1B}\\", true), ("\u{1B}]11;rgb:0000/0000/0000\u{07}", false),
        ("\u{1B}]11;rgb:fd/f6/e3\u{07}", true),
    ])
    func answer(reply: String, light: Bool) async throws {
        // COLORFGBG says the opposite: the terminal's own answer comes first.
        let terminal = try PseudoTerminalRun(environment: ["COLORFGBG": light ? "15;0" : "0;15"], typed: reply + Self.da1Reply)
        defer { terminal.stop() }
        try await terminal.waitFor(Self.query, "the query")
        let output = try await terminal.waitFor("quit", "the first frame")
        #expect(light ? ThemeMarks.isLight(output) : ThemeMarks.isDark(output))
        #expect(try await terminal.quit() == 0)
    }

    @Test("no answer to OSC 11: COLORFGBG decides; without it, dark")
    func noAnswer() async throws {
        for (colorFGBG, light) in [("0;15", true), (nil, false)] {
            let terminal = try PseudoTerminalRun(environment: colorFGBG.map { ["COLORFGBG": $0] } ?? [:])
            defer { terminal.stop() }
            try await terminal.waitFor(Self.query, "the query")
            terminal.write(Self.da1Reply)
            let output = try await terminal.waitFor("quit", "the first frame")
            #expect(light ? ThemeMarks.isLight(output) : ThemeMarks.isDark(output), "COLORFGBG \(colorFGBG ?? "unset")")
            #expect(try await terminal.quit() == 0)
        }
    }

    @Test("a terminal that answers nothing holds the start up for a tenth of a second, and then it goes on")
    func silentTerminal() async throws {
        let terminal = try PseudoTerminalRun()
        defer { terminal.stop() }
        let output = try await terminal.waitFor("quit", "the first frame")
        let waited = ContinuousClock.now - terminal.started
        #expect(waited >= .milliseconds(100), "the first frame came \(waited) after the start: it did not wait for an answer")
        // Loose: a loaded machine starts a debug build slowly (unloaded, 0.13 s against 0.02 s answered).
        #expect(waited < .seconds(5), "the first frame took \(waited)")
        #expect(ThemeMarks.isDark(output))
        #expect(try await terminal.quit() == 0)
    }

    @Test("an answer after the time is up is never read as keys")
    func lateAnswer() async throws {
        let terminal = try PseudoTerminalRun()
        defer { terminal.stop() }
        try await terminal.waitFor(Self.query, "the query")
        try await terminal.waitFor("quit", "the first frame, after the query gave up")
        let before = terminal.output.count
        // rgb:ffff/… spells keys (`/` opens the trace filter, `r`, `g`, `b`, `f`): none may act.
        terminal.write("\u{1B}]11;rgb:ffff/ffff/ffff\u{1B}\\" + Self.da1Reply)
        terminal.write("?")
        try await terminal.waitFor("mvx — keys", "the help, after the late answer")
        let after = String(decoding: terminal.outputBytes.dropFirst(before), as: UTF8.self)
        #expect(!after.contains("ffff") && !after.contains("filter:"), "\(after.debugDescription)")
        // Esc closes the help; q only once that frame is out, or ESC q would arrive as Alt-q.
        let open = terminal.outputBytes.count
        terminal.write("\u{1B}")
        try await terminal.waitForOutput(beyond: open, "the help closed")
        #expect(try await terminal.quit() == 0)
    }

    @Test("a key typed before the answer is not lost")
    func typedAhead() async throws {
        let terminal = try PseudoTerminalRun(typed: "l\u{1B}]11;rgb:0000/0000/0000\u{07}" + Self.da1Reply)
        defer { terminal.stop() }
        // curses sends only the cells that change: the listings' rows, not their pane's whole title.
        try await terminal.waitFor("/month", "l, typed before the answer, opened the listings")
        #expect(try await terminal.quit() == 0)
    }
}

/// mvx on a pseudo-terminal of 80×24 whose other end is this test: what mvx writes is read as
/// it comes, what the test writes is what mvx reads as typed.
final class PseudoTerminalRun: @unchecked Sendable {
    private let master: Int32
    private let pid: pid_t
    private let folder: URL
    private var bytes: [UInt8] = []
    private var exited: Int32?
    /// When mvx was started.
    let started = ContinuousClock.now

    /// Starts mvx; `typed` is in the terminal's input before mvx runs.
    init(environment: [String: String] = [:], typed: String = "") throws {
        struct Failure: Error { var message: String }
        master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        var unlock: Int32 = 0
        var number: UInt32 = 0
        // TIOCSPTLCK and TIOCGPTN: posix_openpt's friends are not in Glibc's module map.
        guard master >= 0, ioctl(master, UInt(0x4004_5431), &unlock) == 0, ioctl(master, UInt(0x8004_5430), &number) == 0 else {
            throw Failure(message: "no pseudo-terminal")
        }
        var size = winsize(ws_row: 24, ws_col: 80, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
        let slave = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
        guard slave >= 0 else { throw Failure(message: "cannot open /dev/pts/\(number)") }
        defer { close(slave) }
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("mvx-theme-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for target: Int32 in 0...2 { posix_spawn_file_actions_adddup2(&actions, slave, target) }
        posix_spawn_file_actions_addclose(&actions, master)
        var variables = ["TERM": "xterm-256color", "LANG": "C.UTF-8", "HOME": folder.path,
                         "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"]
        variables.merge(environment) { _, new in new }
        let arguments = [mvxBinary, "--latency", "0", "--cache-dir", folder.appendingPathComponent("cache").path,
                         "--session-dir", folder.appendingPathComponent("sessions").path]
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var child: pid_t = 0
        if !typed.isEmpty {
            let terminal = master
            _ = Array(typed.utf8).withUnsafeBytes { Glibc.write(terminal, $0.baseAddress, $0.count) }
        }
        guard posix_spawn(&child, mvxBinary, &actions, nil, argv, envp) == 0 else { throw Failure(message: "spawn failed") }
        pid = child
    }

    /// Everything mvx wrote so far, as bytes and as text.
    var outputBytes: [UInt8] { drain(); return bytes }
    var output: String { String(decoding: outputBytes, as: UTF8.self) }

    func write(_ text: String) {
        let data = Array(text.utf8)
        _ = data.withUnsafeBytes { Glibc.write(master, $0.baseAddress, $0.count) }
    }

    /// Waits until mvx has written `text`; returns all it wrote.
    @discardableResult
    func waitFor(_ text: String, _ what: String, timeout: Duration = .seconds(10),
                 sourceLocation: SourceLocation = #_sourceLocation) async throws -> String {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            let now = output
            if now.contains(text) { return now }
            try await Task.sleep(for: .milliseconds(10))
        }
        Issue.record("\(what): never written; mvx wrote \(output.suffix(600).debugDescription)", sourceLocation: sourceLocation)
        return output
    }

    /// Waits until mvx has written more than `count` bytes in all.
    func waitForOutput(beyond count: Int, _ what: String, timeout: Duration = .seconds(10),
                       sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if outputBytes.count > count { return }
            try await Task.sleep(for: .milliseconds(10))
        }
        Issue.record("\(what): nothing more written", sourceLocation: sourceLocation)
    }

    /// Types q and returns the exit status (nil if mvx did not exit within five seconds).
    func quit() async throws -> Int32? {
        write("q")
        let deadline = ContinuousClock.now + .seconds(5)
        while ContinuousClock.now < deadline {
            drain()
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == pid {
                exited = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
                return exited
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        return nil
    }

    /// Kills mvx if it still runs and frees the terminal and the folder.
    func stop() {
        if exited == nil {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
            exited = -1
        }
        close(master)
        try? FileManager.default.removeItem(at: folder)
    }

    /// Reads what is waiting on the terminal without blocking.
    private func drain() {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            var entry = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, 0) > 0, entry.revents & Int16(POLLIN) != 0 else { return }
            let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
            guard count > 0 else { return }
            bytes += buffer[0..<count]
        }
    }
}
