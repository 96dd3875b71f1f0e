import Foundation
import TestSupport
import Testing

/// The shipped sessions, docs/sessions/*.jsonl.
private let sessionsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("docs/sessions")

private func shippedSessions() -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: sessionsFolder.path)) ?? []).filter { $0.hasSuffix(".jsonl") }.sorted()
}

private func runMVX(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
    let result = try TmuxSession.run([mvxBinary] + arguments)
    return (result.status, result.output, result.error)
}

/// A private folder, removed by the caller.
private func temporaryFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mvx-sessions-e2e-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
}

@Suite("Sessions (command line)", .timeLimit(.minutes(1)))
struct SessionCommandTests {
    @Test("mvx conform: every shipped session agrees in all four patterns, exit 0", arguments: shippedSessions())
    func conformShipped(file: String) throws {
        let result = try runMVX(["conform", sessionsFolder.appendingPathComponent(file).path])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.isEmpty)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first?.hasPrefix("mvx conform: \(file) · ") == true)
        #expect(result.stdout.hasSuffix(" the same in MVC, MVP, MVVM and VIPER.\n"))
    }

    @Test("mvx conform's output is the same on every run and says where the paths part")
    func conformStable() throws {
        let path = sessionsFolder.appendingPathComponent("greeting-press.jsonl").path
        let first = try runMVX(["conform", path])
        let second = try runMVX(["conform", path])
        #expect(first.stdout == second.stdout)
        let lines = first.stdout.components(separatedBy: "\n")
        #expect(Array(lines.prefix(3)) == [
            "mvx conform: greeting-press.jsonl · Greeting · 1 action in MVC, MVP, MVVM and VIPER",
            "0 pattern keys skipped (1-4, Tab, Shift-Tab, x would leave the pattern under test)",
            "#0 start  build the greeting screen",
        ])
        #expect(lines.contains("#1 enter  Enter on [Show greeting]"))
        #expect(lines.contains("   paths   part at step 2: MVC Controller · MVP View · MVVM ViewModel · VIPER View"))
    }

    @Test("a bad session file: exit 2, one sanitised line on stderr, nothing on stdout")
    func badFiles() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let header = #"{"format":"mvx-session","version":1}"#
        let cases: [(name: String, contents: Data?, message: String)] = [
            ("missing.jsonl", nil, "no such file or directory"),
            ("version.jsonl", Data(#"{"format":"mvx-session","version":9}"#.utf8), "line 1: version 9 is not supported: this mvx reads version 1"),
            ("key.jsonl", Data((header + "\n" + #"{"key":"entre"}"#).utf8), "line 2: unknown key 'entre'"),
            ("pattern.jsonl", Data(#"{"format":"mvx-session","version":1,"pattern":"mvvc"}"#.utf8),
             "line 1: pattern: unknown pattern 'mvvc' (mvc, mvp, mvvm or viper)"),
            ("cut.jsonl", Data((header + "\n" + #"{"key":"ent"#).utf8), "line 2: not a JSON object (a damaged or cut line?)"),
            ("junk.jsonl", Data(repeating: 0x41, count: 10 * 1_048_576),
             "the file is 10485760 bytes; a session file is at most 1048576 (1 MB)"),
            ("bad\u{1B}[31mname.jsonl", Data("\u{1B}[2J\u{07}".utf8), "line 1: not a JSON object (a damaged or cut line?)"),
        ]
        for (name, contents, message) in cases {
            let path = folder.appendingPathComponent(name).path
            if let contents { try contents.write(to: URL(fileURLWithPath: path)) }
            let result = try runMVX(["conform", path])
            let shownPath = path.replacingOccurrences(of: "\u{1B}", with: "␛")
            #expect(result.status == 2, "\(name)")
            #expect(result.stdout.isEmpty, "\(name): nothing is played")
            #expect(result.stderr == "mvx conform: \(shownPath): \(message)\n", "\(name)")
        }
        #expect(try runMVX(["conform", folder.path]).stderr == "mvx conform: \(folder.path): a directory, not a session file\n")
        let fifo = folder.appendingPathComponent("fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let fromFIFO = try runMVX(["conform", fifo])  // the suite's time limit fails a hang
        #expect(fromFIFO.status == 2)
        #expect(fromFIFO.stderr == "mvx conform: \(fifo): not a regular file (a FIFO, socket or device), not a session file\n")
        // The same check before --replay takes the terminal, and for trace --session.
        let replay = try runMVX(["--replay", folder.appendingPathComponent("version.jsonl").path])
        #expect(replay.status == 2)
        #expect(replay.stderr.hasSuffix("version.jsonl: line 1: version 9 is not supported: this mvx reads version 1\n"))
        let trace = try runMVX(["trace", "--session", fifo])
        #expect(trace.status == 2 && trace.stderr.hasPrefix("mvx trace: \(fifo): not a regular file"))
    }

    @Test("mvx trace --session prints what the same keys give with --keys; not both")
    func traceSession() throws {
        let path = sessionsFolder.appendingPathComponent("greeting-edit.jsonl").path
        let fromSession = try runMVX(["trace", "--session", path])
        let fromKeys = try runMVX(["trace", "--keys", "up up end bs*5 type:Ada down down enter"])
        #expect(fromSession.status == 0, "\(fromSession.stderr)")
        #expect(fromSession.stdout == fromKeys.stdout)
        #expect(fromSession.stdout.contains("▸ typing in First name · MVC"))
        let viper = try runMVX(["trace", "--session", path, "--pattern", "viper", "--format", "json"])
        #expect(viper.status == 0 && viper.stdout.contains(#""pattern":"VIPER""#) && !viper.stdout.contains(#""pattern":"MVC""#),
                "an option typed on the command line overrides the file's")
        let both = try runMVX(["trace", "--session", path, "--keys", "enter"])
        #expect(both.status == 2)
        #expect(both.stderr == "mvx trace: --keys and --session both say which keys to press: give one\n")
    }
}

@Suite("Sessions (tmux)", .serialized,
       .enabled(if: TmuxSession.isAvailable, "tmux is not installed; end-to-end terminal tests need it"),
       .timeLimit(.minutes(2)))
struct SessionEndToEndTests {
    @Test("w saves the session and says where; --replay plays it in another pattern; conform agrees")
    func saveReplayConform() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let data = folder.appendingPathComponent("data")
        let sessions = data.appendingPathComponent("mvx/sessions")

        let recording = try TmuxSession(command: [mvxBinary, "--latency", "0"], width: 160, height: 40,
                                        environment: ["XDG_DATA_HOME": data.path])
        defer { recording.close() }
        try await recording.expectScreen(shows: "MVC · Greeting", "start")
        try recording.send(keys: "Up", "Up", "End")
        for _ in 0..<5 { try recording.send(keys: "BSpace") }
        try recording.type("Ada")
        try await recording.expectScreen(shows: "[Ada ", "typed")
        try recording.send(keys: "Down", "Down", "Enter")
        try await recording.expectScreen(shows: "Hello Ada Blaine", "pressed")
        try recording.type("w")
        let screen = try await recording.expectScreen(shows: "session saved: ", "w")
        let files = try FileManager.default.contentsOfDirectory(atPath: sessions.path).filter { $0.hasSuffix(".jsonl") }
        #expect(files.count == 1, "\(files)")
        let file = try #require(files.first)
        #expect(screen.contains("session saved: \(sessions.path)/\(file) (14 keys)"), "the notice names the file:\n\(screen)")
        try recording.type("q")
        #expect(try await recording.waitForExit() == 0)
        let path = sessions.appendingPathComponent(file).path

        let replaying = try TmuxSession(command: [mvxBinary, "--replay", path, "--pattern", "viper", "--latency", "0"],
                                        width: 160, height: 40, environment: ["XDG_DATA_HOME": data.path])
        defer { replaying.close() }
        try await replaying.expectScreen(shows: "VIPER · Greeting", "replay starts in the pattern typed")
        let (finished, end) = try await replaying.waitUntil(screenContains: "replay finished (12 actions): the app is yours",
                                                            timeout: .seconds(40))
        #expect(finished, "the replay did not finish:\n\(end)")
        #expect(end.contains("Hello Ada Blaine") && end.contains("VIPER · Greeting"), "\(end)")
        try replaying.type("q")
        #expect(try await replaying.waitForExit() == 0)

        let conform = try TmuxSession.run([mvxBinary, "conform", path])
        #expect(conform.status == 0, "\(conform.output)\(conform.error)")
        #expect(conform.output.contains("#9 type \"Ada\"  typing in First name"))
    }

    // Issue 24 §5: a long conform said nothing until its end. On a terminal it counts the actions
    // on one line (carriage returns, no escape sequence), wiped before the report.
    @Test func conformShowsProgressOnATerminal() async throws {
        let path = sessionsFolder.appendingPathComponent("greeting-edit.jsonl").path
        let session = try TmuxSession(command: [mvxBinary, "conform", path], width: 120, height: 40)
        defer { session.close() }
        #expect(try await session.waitForExit(timeout: .seconds(60)) == 0)
        let output = String(decoding: session.output, as: UTF8.self)
        #expect(output.contains("\rmvx conform: 0 of 12 actions replayed in every pattern"), "\(output.prefix(500))")
        #expect(output.contains("\rmvx conform: 12 of 12 actions replayed in every pattern"))
        #expect(!output.contains("\u{1B}[K"))
        let screen = try session.capture()
        #expect(!screen.contains("actions replayed"), "the progress line was left on screen:\n\(screen)")
        #expect(screen.contains("Every screen agrees"))
    }
}
