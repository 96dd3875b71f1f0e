import Foundation
import Testing

/// Issue 9 in a real terminal: signals while the app is busy, a closed stderr, keypad and other
/// escape sequences, pastes, Ctrl-Z and Esc in a text field. Each ends with the terminal restored.
@Suite("Hostile input (tmux)", .serialized,
       .enabled(if: TmuxSession.isAvailable, "tmux is not installed; end-to-end terminal tests need it"),
       .timeLimit(.minutes(1)))
struct HostileInputTests {
    static let header = "MVC"
    /// What the busy hook (`MVX_TEST_BUSY_KEY`) draws before it blocks the main thread.
    static let busyMarker = "MVX-TEST-BUSY"

    private func startApp(_ command: [String] = [mvxBinary], environment: [String: String] = [:]) async throws -> TmuxSession {
        let session = try TmuxSession(command: command, width: 100, height: 30, environment: environment)
        try await session.expectScreen(shows: Self.header + " ·", "start")
        return session
    }

    private func exitStatus(_ session: TmuxSession, within timeout: Duration = .seconds(10)) async throws -> Int32 {
        let status = try await session.waitForExit(timeout: timeout)
        let screen = try session.capture()
        return try #require(status, "mvx did not exit within \(timeout); screen:\n\(screen)")
    }

    /// Shows the help and waits for it (every key sent before `?` has been handled by then), then
    /// closes it and waits for that: a key sent right after Esc would arrive as Alt plus the key.
    private func settle(_ session: TmuxSession, _ step: String,
                        sourceLocation: SourceLocation = #_sourceLocation) async throws {
        try session.type("?")
        try await session.expectScreen(shows: "keys that teach", step, sourceLocation: sourceLocation)
        try session.send(keys: "Escape")
        let closed = try await session.waitUntil { try !session.capture().contains("keys that teach") }
        #expect(closed, "\(step): the help did not close", sourceLocation: sourceLocation)
    }

    /// Sends Esc to leave a text field and waits until the text cursor is gone (the focus left it).
    private func leaveTextField(_ session: TmuxSession, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        try session.send(keys: "Escape")
        let left = try await session.waitUntil(timeout: .seconds(3)) { try !session.paneModes().cursorVisible }
        let screen = try session.capture()
        #expect(left, "Esc did not leave the text field:\n\(screen)", sourceLocation: sourceLocation)
    }

    // MARK: - Signals

    @Test("a signal ends the app within a second even while its main thread is busy",
          .enabled(if: mvxHasTestHooks, noTestHooks), arguments: [SIGTERM, SIGHUP, SIGINT, SIGUSR1, SIGALRM])
    func signalWhileBusy(signal: Int32) async throws {
        let session = try await startApp(environment: ["MVX_TEST_BUSY_KEY": "!"])
        defer { session.close() }
        try session.type("!")
        try await session.expectScreen(shows: Self.busyMarker, "busy")
        try session.signal(signal)
        #expect(try await exitStatus(session, within: .seconds(2)) == 128 + signal)
        try session.expectTerminalRestored(appHeader: Self.header)
    }

    @Test(.enabled(if: mvxHasTestHooks, noTestHooks))
    func aClosedTerminalEndsABusyApp() async throws {
        let session = try await startApp(environment: ["MVX_TEST_BUSY_KEY": "!"])
        defer { session.close() }
        try session.type("!")
        try await session.expectScreen(shows: Self.busyMarker, "busy")
        let pid = try #require(session.programPID)
        session.close()  // the terminal goes away: SIGHUP
        // Gone, or a zombie nobody reaps (a container's init may not): either way no longer running.
        let gone = try await session.waitUntil(timeout: .seconds(2)) {
            let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
            return kill(pid, 0) != 0 || stat.split(separator: ")").last?.split(separator: " ").first == "Z"
        }
        #expect(gone, "mvx (pid \(pid)) still running a second after its terminal closed")
    }

    @Test func sigquitRestoresTheTerminalAndEndsTheProcess() async throws {
        let session = try await startApp()
        defer { session.close() }
        try session.signal(SIGQUIT)
        #expect(try await exitStatus(session, within: .seconds(3)) == 128 + SIGQUIT)
        try session.expectTerminalRestored(appHeader: Self.header)
        // Swift's reporter, chained after the restore, prints on the normal screen.
        let history = try session.captureHistory()
        #expect(history.contains("Program crashed"), "no Swift crash report on screen:\n\(history)")
    }

    @Test func sigpipeIsIgnored() async throws {
        let session = try await startApp()
        defer { session.close() }
        try session.signal(SIGPIPE)
        try await settle(session, "after SIGPIPE")
        #expect(session.exitStatus == nil)
        try session.type("q")
        #expect(try await exitStatus(session) == 0)
        try session.expectTerminalRestored(appHeader: Self.header)
    }

    @Test func aClosedStderrDoesNotSpinAndQStillQuits() async throws {
        let session = try await startApp(["/bin/sh", "-c", "exec \"$0\" 2>&-", mvxBinary])
        defer { session.close() }
        try await settle(session, "with stderr closed")
        try session.type("q")
        #expect(try await exitStatus(session, within: .seconds(3)) == 0)
        try session.expectTerminalRestored(appHeader: Self.header)
    }

    // MARK: - Keys

    @Test func keypadKeysAndUnknownSequencesAreNotCommands() async throws {
        let session = try await startApp()
        defer { session.close() }
        // tmux sends keypad keys in application mode (ESC O q …), as the app asked with smkx.
        try session.send(keys: "KP1", "KP2", "KP3", "KP8", "KP-")
        try session.send(keys: "M-q")                          // Alt-q: ESC q
        try session.send(bytes: [0x1B, 0x5B, 0x31, 0x71])      // ESC [ 1 q
        try session.send(bytes: [0x1B, 0x4F, 0x71])            // ESC O q
        try session.send(bytes: [0x1B, 0x5D, 0x30, 0x3B, 0x71, 0x07])  // OSC 0 ; q BEL (a title)
        try await settle(session, "after keypad keys and escape sequences")
        let screen = try session.capture()
        #expect(session.exitStatus == nil, "one of them quit:\n\(screen)")
        #expect(!screen.contains("Source ·") && !screen.contains("Metrics") && screen.contains("MVC · Greeting"),
                "one of them acted as a command:\n\(screen)")
        try session.type("q")
        #expect(try await exitStatus(session) == 0)
        try session.expectTerminalRestored(appHeader: Self.header)
    }

    @Test func aBracketedPasteIsTextNotCommands() async throws {
        let session = try await startApp()
        defer { session.close() }
        try session.paste("q1s\u{1B}[31m")  // outside a text field: ignored whole
        try await settle(session, "after a paste with q")
        let afterPaste = try session.capture()
        #expect(session.exitStatus == nil, "the paste quit:\n\(afterPaste)")
        try session.send(keys: "Up", "Up")  // the first name
        let long = String(repeating: "x", count: 4_990) + "q1234"
        try session.paste(long)
        try await session.expectScreen(shows: "xxq1234", "the paste in the first name")
        try await leaveTextField(session)
        try session.type("q")
        #expect(try await exitStatus(session) == 0)
        try session.expectTerminalRestored(appHeader: Self.header)
    }

    // MARK: - Mouse reports in the encodings mvx did not ask for (issue 24 §2)

    /// `ESC [ M` and three bytes offset by 32: what a terminal that honours mode 1000 but not 1006
    /// sends (GNU screen 4.09). `button` 0 presses the left button, 3 releases; cells from 0.
    private func x10(button: UInt8, x: Int, y: Int) -> [UInt8] {
        [0x1B, 0x5B, 0x4D, 32 + button, UInt8(33 + x), UInt8(33 + y)]
    }

    @Test func x10AndURXVTReportsAreNeverKeys() async throws {
        let session = try await startApp()
        defer { session.close() }
        // Column 81 is `q`, columns 17-20 are `1`-`4` (row 20: the module's blank space and the trace pane).
        try session.send(bytes: x10(button: 0, x: 80, y: 19) + x10(button: 3, x: 80, y: 19))
        try session.send(bytes: x10(button: 0, x: 16, y: 19) + x10(button: 3, x: 19, y: 19))
        try session.send(bytes: Array("\u{1B}[32;81;20M\u{1B}[35;81;20M".utf8))  // the same click in urxvt's 1015
        try await settle(session, "after X10 and urxvt clicks")
        let screen = try session.capture()
        #expect(session.exitStatus == nil, "a click quit:\n\(screen)")
        #expect(screen.contains("MVC · Greeting"), "a click switched pattern:\n\(screen)")
        try session.type("q")
        #expect(try await exitStatus(session) == 0)
        try session.expectTerminalRestored(appHeader: Self.header)
    }

    @Test func reportsTypeNothingIntoAFocusedField() async throws {
        let session = try await startApp()
        defer { session.close() }
        try session.send(keys: "Up", "Up")  // the first name
        try session.type("A")
        try await session.expectScreen(shows: "DavidA", "typing in the first name")
        // Clicks on the trace pane (the focus stays), then an SS3 cut short by an SGR report.
        try session.send(bytes: x10(button: 0, x: 80, y: 19) + x10(button: 3, x: 80, y: 19))
        try session.send(bytes: [0x1B, 0x5B, 0x4D, 0x21, 0x21, 0x23, 0x1B, 0x5B, 0x4D, 0x21, 0x21, 0x60])  // the issue's `!!#!!``
        try session.send(bytes: Array("\u{1B}O\u{1B}[<0;81;20M\u{1B}[<0;81;20m".utf8))
        try session.type("Z")
        let (typed, screen) = try await session.waitUntil(screenContains: "DavidAZ", timeout: .seconds(5))
        #expect(typed, "the reports typed into the field:\n\(screen)")
        #expect(!screen.contains("[<0") && !screen.contains("!!#"), "\(screen)")
        try await leaveTextField(session)
        try session.type("q")
        #expect(try await exitStatus(session) == 0)
    }

    @Test func anX10ReportPastColumn95DoesNotEatTheNextKeys() async throws {
        let session = try TmuxSession(command: [mvxBinary], width: 160, height: 30)
        defer { session.close() }
        try await session.expectScreen(shows: Self.header + " ·", "start")
        try session.send(keys: "Up", "Up")  // the first name
        try session.type("A")
        try await session.expectScreen(shows: "DavidA", "typing in the first name")
        // Column 121 is the byte 0x99, not UTF-8: curses does not pass it on, so the report stays
        // one byte short. The next keys, typed a moment later, must not be taken to complete it.
        try session.send(bytes: x10(button: 0, x: 120, y: 5))
        try await Task.sleep(for: .milliseconds(200))
        try session.type("BC")
        let (typed, screen) = try await session.waitUntil(screenContains: "DavidABC", timeout: .seconds(5))
        #expect(typed, "keys after the report were lost:\n\(screen)")
        try await leaveTextField(session)
        try session.type("q")
        #expect(try await exitStatus(session) == 0)
    }

    // MARK: - The terminal's size (issue 24 §2)

    @Test("stale COLUMNS and LINES do not override the terminal's own size", arguments: [
        ["COLUMNS": "160", "LINES": "50"], ["COLUMNS": "10", "LINES": "5"],
    ])
    func staleSizeVariables(environment: [String: String]) async throws {
        let session = try TmuxSession(command: [mvxBinary], width: 100, height: 30, environment: environment)
        defer { session.close() }
        try await session.expectScreen(shows: "wire the button and the fields", "the module is built")
        let screen = try session.capture()
        let rows = screen.components(separatedBy: "\n")
        #expect(!screen.contains("terminal too small"), "\(screen)")
        // Laid out for 100×30: the header on the first row, the titles' rule exactly 100 wide, the key bar last.
        #expect(rows.first?.hasPrefix(" mvx │ 1 MVC") == true, "\(screen)")
        #expect(rows.count >= 30 && rows[1].hasPrefix("─ MVC · Greeting ") && rows[1].count == 100, "\(screen)")
        #expect(rows.count >= 30 && rows[29].contains("q quit"), "the key bar is not on the pane's last row:\n\(screen)")
        try session.type("q")
        #expect(try await exitStatus(session) == 0)
    }

    @Test func fiveThousandTypedCharactersSettleAndQStillQuits() async throws {
        let session = try await startApp()
        defer { session.close() }
        try session.send(keys: "Up", "Up")  // the first name
        try session.type(String(repeating: "y", count: 4_995) + "z9876")
        try await session.expectScreen(shows: "yyz9876", "5,000 characters typed into the first name")
        try await leaveTextField(session)
        try session.type("q")
        #expect(try await exitStatus(session) == 0)
        try session.expectTerminalRestored(appHeader: Self.header)
    }

    @Test func escLeavesATextFieldSoQQuits() async throws {
        let session = try await startApp()
        defer { session.close() }
        try session.send(keys: "Up")  // the last name
        try session.type("ab")
        try await session.expectScreen(shows: "Blaineab", "typing in the last name")
        try await leaveTextField(session)
        try session.type("q")
        #expect(try await exitStatus(session, within: .seconds(3)) == 0)
        try session.expectTerminalRestored(appHeader: Self.header)
    }

    @Test func afterAPatternSwitchQStillQuits() async throws {
        let session = try await startApp()
        defer { session.close() }
        for pattern in ["2", "3", "4", "1"] {
            try session.type(pattern)
            try session.type("g")
        }
        try session.type("q")
        #expect(try await exitStatus(session, within: .seconds(3)) == 0)
        try session.expectTerminalRestored(appHeader: Self.header)
    }

    // MARK: - Ctrl-Z

    @Test func ctrlZSuspendsWithTheTerminalRestoredAndFgRedraws() async throws {
        let shell = try TmuxSession(command: ["/bin/bash", "--norc", "--noprofile", "-i"], width: 100, height: 30,
                                    environment: ["PS1": "PROMPT$ "])
        defer { shell.close() }
        try await shell.expectScreen(shows: "PROMPT$", "the shell")
        try shell.type(TmuxSession.shellQuote(mvxBinary))
        try shell.send(keys: "Enter")
        try await shell.expectScreen(shows: Self.header + " ·", "start")
        try shell.send(keys: "C-z")
        let screen = try await shell.expectScreen(shows: "Stopped", "suspended by Ctrl-Z")
        #expect(!screen.contains(Self.header + " ·"), "the app is still on screen:\n\(screen)")
        let modes = try shell.paneModes()
        #expect(!modes.alternateScreen && modes.cursorVisible && !modes.keypad, "not restored: \(modes)")
        // The shell's own line editing works: the tty is back in the shell's modes.
        try shell.type("echo back-in-$((40+2))")
        try shell.send(keys: "Enter")
        try await shell.expectScreen(shows: "back-in-42", "the shell after Ctrl-Z")
        try shell.type("fg")
        try shell.send(keys: "Enter")
        // The whole frame at once: a capture can fall between the header's row and the key bar's.
        var redrawn = ""
        let full = try await shell.waitUntil {
            redrawn = try shell.capture()
            return redrawn.contains(Self.header + " ·") && redrawn.contains("q quit") && !redrawn.contains("back-in-42")
        }
        #expect(full, "not a full redraw:\n\(redrawn)")
        try shell.type("q")
        try await shell.expectScreen(shows: "PROMPT$ ", "back at the prompt after q")
        try shell.type("exit")
        try shell.send(keys: "Enter")
        _ = try await shell.waitForExit()
    }
}
