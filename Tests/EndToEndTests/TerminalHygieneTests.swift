import Foundation
import Testing

/// The built executable, next to the sources: `swift build` runs before the tests.
/// `MVX_BINARY` overrides it (a release build, another build path).
let mvxBinary: String = ProcessInfo.processInfo.environment["MVX_BINARY"] ?? URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent(".build/debug/mvx").path

/// Whether `mvxBinary` has the end-to-end test hooks (`MVX_TEST_CRASH_KEY`, `MVX_TEST_BUSY_KEY`):
/// a debug build does; a release build holds neither their names nor their behaviour.
let mvxHasTestHooks: Bool = (try? Data(contentsOf: URL(fileURLWithPath: mvxBinary), options: .alwaysMapped))
    .map { $0.range(of: Data("MVX_TEST_CRASH_KEY".utf8)) != nil } ?? false
let noTestHooks: Comment = "mvx is a release build: the end-to-end test hooks are compiled only in debug"

/// How mvx must leave a terminal however it exits: tty modes exactly as found (echo, canonical
/// input, signals…), normal screen, cursor visible, keypad off — and no app left on screen.
@Suite("Terminal hygiene (tmux)", .serialized,
       .enabled(if: TmuxSession.isAvailable, "tmux is not installed; end-to-end terminal tests need it"),
       .timeLimit(.minutes(1)))
struct TerminalHygieneTests {
    /// Text the app shows in its header once it has drawn its first frame.
    static let header = "MVC"

    private func startApp(environment: [String: String] = [:]) async throws -> TmuxSession {
        let session = try TmuxSession(command: [mvxBinary], width: 80, height: 24, environment: environment)
        let (shown, screen) = try await session.waitUntil(screenContains: Self.header)
        #expect(shown, "mvx did not draw its header; screen:\n\(screen)")
        return session
    }

    /// Checks everything about the terminal after the program has exited.
    private func expectRestored(_ session: TmuxSession, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try session.expectTerminalRestored(appHeader: Self.header, sourceLocation: sourceLocation)
    }

    /// Swift's crash report (the crash handler that was there before mvx's prints it) appears on the
    /// restored normal screen after `earlier` (when given), before the wrapper's exit marker.
    private func expectSwiftCrashReport(_ session: TmuxSession, after earlier: String? = nil,
                                        sourceLocation: SourceLocation = #_sourceLocation) throws {
        let history = try session.captureHistory()
        let report = try #require(history.range(of: "Program crashed"),
                                  "no Swift crash report on screen:\n\(history)", sourceLocation: sourceLocation)
        let marker = try #require(history.range(of: TmuxSession.exitMarker), sourceLocation: sourceLocation)
        #expect(report.lowerBound < marker.lowerBound, "the report came after the exit", sourceLocation: sourceLocation)
        if let earlier {
            let first = try #require(history.range(of: earlier), "no '\(earlier)' on screen:\n\(history)",
                                     sourceLocation: sourceLocation)
            #expect(first.lowerBound < report.lowerBound, "'\(earlier)' came after the report", sourceLocation: sourceLocation)
        }
    }

    private func exit(_ session: TmuxSession) async throws -> Int32 {
        let status = try await session.waitForExit()
        let screen = try session.capture()
        return try #require(status, "mvx did not exit; screen:\n\(screen)")
    }

    @Test func quitWithQRestoresTheTerminal() async throws {
        let session = try await startApp()
        defer { session.close() }
        try session.type("q")
        #expect(try await exit(session) == 0)
        try expectRestored(session)
    }

    @Test func controlCRestoresTheTerminal() async throws {
        let session = try await startApp()
        defer { session.close() }
        try session.send(keys: "C-c")
        _ = try await exit(session)
        try expectRestored(session)
    }

    @Test("a termination signal restores the terminal", arguments: [SIGTERM, SIGHUP])
    func terminationSignal(signal: Int32) async throws {
        let session = try await startApp()
        defer { session.close() }
        try session.signal(signal)
        _ = try await exit(session)
        try expectRestored(session)
    }

    @Test func resizeKeepsRunningAndQuitStillRestores() async throws {
        let session = try await startApp()
        defer { session.close() }
        try session.resize(width: 100, height: 30)
        var (shown, screen) = try await session.waitUntil(screenContains: "4 VIPER │ g Greeting  l Listings")
        #expect(shown, "the wider header did not appear after growing:\n\(screen)")
        // Below the 64×16 minimum the shell says so instead of drawing a broken layout...
        try session.resize(width: 50, height: 12)
        (shown, screen) = try await session.waitUntil(screenContains: "too small")
        #expect(shown, "no 'too small' message at 50×12:\n\(screen)")
        // ...and draws everything again once there is room.
        try session.resize(width: 80, height: 24)
        (shown, screen) = try await session.waitUntil(screenContains: Self.header + " ·")
        #expect(shown, "header not back after growing again:\n\(screen)")
        #expect(session.exitStatus == nil)
        try session.type("q")
        _ = try await exit(session)
        try expectRestored(session)
    }

    @Test("other terminal types: 8 colours, monochrome", arguments: ["screen", "vt100"])
    func otherTerminalTypes(term: String) async throws {
        let session = try await startApp(environment: ["TERM": term])
        defer { session.close() }
        try session.type("q")
        #expect(try await exit(session) == 0)
        try expectRestored(session)
    }

    @Test func noColorMeansNoColourSequences() async throws {
        let session = try await startApp(environment: ["NO_COLOR": "1"])
        defer { session.close() }
        try session.type("q")
        _ = try await exit(session)
        try expectRestored(session)
        let written = String(decoding: session.output, as: UTF8.self)
        // setaf/setab as tmux-256color spells them: ESC[3Nm, ESC[4Nm, ESC[38;5;Nm, ESC[48;5;Nm.
        let colour = try Regex(#"\x1B\[(?:[0-9;]*;)?(?:[34][0-7]|[34]8;5;[0-9]+)(?:;[0-9;]*)?m"#)
        #expect(written.firstMatch(of: colour) == nil, "colour written: \(written.debugDescription)")
    }

    @Test("a crash signal restores the terminal, lets Swift report it and still kills the process",
          arguments: [SIGSEGV, SIGABRT, SIGBUS, SIGFPE])
    func crashSignal(signal: Int32) async throws {
        let session = try await startApp()
        defer { session.close() }
        try session.signal(signal)
        #expect(try await exit(session) == 128 + signal)
        try expectRestored(session)
        try expectSwiftCrashReport(session)
    }

    @Test(.enabled(if: mvxHasTestHooks, noTestHooks))
    func crashRestoresTheTerminalAndShowsTheFatalError() async throws {
        let session = try await startApp(environment: ["MVX_TEST_CRASH_KEY": "!"])
        defer { session.close() }
        try session.type("!")
        let status = try await exit(session)
        #expect(status > 128, "expected death by signal, got exit status \(status)")
        try expectRestored(session)
        // The message Swift printed while the alternate screen was up is shown after it is gone,
        // then the crash report of the handler mvx's ran after.
        try expectSwiftCrashReport(session, after: "Fatal error: crash key pressed")
    }

    /// Main-actor code runs on whichever of libdispatch's threads drains the main queue; a stack
    /// overflow there reaches the handler only if that thread has an alternate signal stack.
    @Test(.enabled(if: mvxHasTestHooks, noTestHooks))
    func aStackOverflowOnTheMainActorRestoresTheTerminal() async throws {
        let session = try await startApp(environment: ["MVX_TEST_CRASH_KEY": "!", "MVX_TEST_CRASH_BY": "stack-overflow"])
        defer { session.close() }
        try session.type("!")
        #expect(try await exit(session) == 128 + SIGSEGV)
        try expectRestored(session)
        try expectSwiftCrashReport(session)
    }
}

/// mvx refuses to start on anything that is not a capable terminal, and says why, in one line,
/// without writing a single escape byte.
@Suite("Refusing to start", .serialized, .timeLimit(.minutes(1)))
struct RefusalTests {
    @Test func noTTYExitsTwoWithOneLineAndNoOutput() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: mvxBinary)
        process.arguments = []
        var environment = ProcessInfo.processInfo.environment
        environment["TERM"] = "xterm-256color"
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()

        #expect(process.terminationStatus == 2)
        #expect(stdout.isEmpty, "stdout: \(String(decoding: stdout, as: UTF8.self))")
        #expect(!stderr.contains(0x1B))
        let message = String(decoding: stderr, as: UTF8.self)
        #expect(message.hasPrefix("mvx: "))
        #expect(message.hasSuffix("\n") && message.dropLast().split(separator: "\n").count == 1, "\(message)")
        #expect(message.contains("TTY"))
    }

    @Test("a terminal mvx cannot use", .enabled(if: TmuxSession.isAvailable, "tmux is not installed"),
          arguments: [
              (nil as String?, "TERM is not set"),
              ("dumb", "TERM=dumb"),
              ("nonexistent-term", "unknown terminal type 'nonexistent-term'"),
          ])
    func unusableTerm(term: String?, message: String) async throws {
        let session = try TmuxSession(command: [mvxBinary], environment: term.map { ["TERM": $0] } ?? [:],
                                      unset: term == nil ? ["TERM"] : [])
        defer { session.close() }
        let status = try await session.waitForExit()
        let screen = try session.capture()
        #expect(status == 2, "screen:\n\(screen)")
        #expect(screen.contains("mvx: " + message), "screen:\n\(screen)")
        // The only lines on the pane: the message and the wrapper's marker.
        let lines = screen.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        #expect(lines.count == 2, "screen:\n\(screen)")
        // The pane can show the exit marker before the copy of the output is written out: wait for it.
        _ = try await session.waitUntil(timeout: .seconds(5)) { !session.output.isEmpty }
        let bytes = session.output
        #expect(!bytes.isEmpty)
        #expect(!bytes.contains(0x1B), "escape byte written: \(String(decoding: bytes, as: UTF8.self).debugDescription)")
    }
}
