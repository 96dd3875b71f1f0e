import Foundation
import TestSupport
import Testing

/// Runs the built mvx with `arguments` (no terminal) and returns its exit status and output.
private func runMVX(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
    let result = try TmuxSession.run([mvxBinary] + arguments)
    return (result.status, result.output, result.error)
}

/// `mvx trace` from the shell: the same bytes the in-process goldens hold (line numbers masked, as
/// there), and one-line errors.
@Suite("mvx trace (command line)", .timeLimit(.minutes(1)))
struct TraceCommandTests {
    static let goldens = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("ShellTests/Goldens")

    @Test("prints what the in-process replay golden holds", arguments: ["text", "json", "mermaid"])
    func matchesGolden(format: String) throws {
        let result = try runMVX(["trace", "--pattern", "mvp", "--screen", "greeting", "--keys", "enter", "--format", format])
        #expect(result.status == 0, "\(result.stderr)")
        let golden = try String(contentsOf: Self.goldens.appendingPathComponent("trace-mvp-greeting-enter-\(format).txt"),
                                encoding: .utf8)
        #expect(GoldenMask.sourceLines.apply(result.stdout) == golden)
    }

    @Test("a bad pattern, screen or format: the parser refuses it, names the values it takes, exit 2", arguments: [
        (["--pattern", "mvvc"], "Error: The value 'mvvc' is invalid for '--pattern <pattern>'. Please provide one of 'mvc', 'mvp', 'mvvm' or 'viper'."),
        (["--screen", "detail"], "Error: The value 'detail' is invalid for '--screen <screen>'. Please provide one of 'greeting' and 'listings'."),
        (["--format", "yaml"], "Error: The value 'yaml' is invalid for '--format <format>'. Please provide one of 'text', 'json' or 'mermaid'."),
        (["--listings-pattern", "vipr"], "Error: The value 'vipr' is invalid for '--listings-pattern <pattern>'. Please provide one of 'mvc', 'mvp', 'mvvm' or 'viper'."),
        (["--greeting-pattern", "MV"], "Error: The value 'MV' is invalid for '--greeting-pattern <pattern>'. Please provide one of 'mvc', 'mvp', 'mvvm' or 'viper'."),
    ])
    func parserErrors(arguments: [String], message: String) throws {
        let result = try runMVX(["trace"] + arguments)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.split(separator: "\n").first.map(String.init) == message)
        #expect(result.stderr.contains("Usage: mvx trace"))
    }

    @Test("a bad key script: exit 2 and one line naming it", arguments: [
        (["--keys", "down entre"], "mvx trace: unknown key 'entre' in --keys"),
        (["--keys", "\"Ann"], "mvx trace: unterminated quote in '\"Ann' in --keys"),
    ])
    func keyErrors(arguments: [String], message: String) throws {
        let result = try runMVX(["trace"] + arguments)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == message + "\n")
    }

    @Test("a mixed app: the greeting in MVC, the listings in VIPER, both in one trace")
    func mixed() throws {
        let result = try runMVX(["trace", "--greeting-pattern", "mvc", "--listings-pattern", "viper",
                                 "--keys", "enter l"])
        #expect(result.status == 0, "\(result.stderr)")
        let headers = result.stdout.split(separator: "\n").filter { $0.hasPrefix("▸ ") }
        #expect(headers == ["▸ start: Greeting MVC · Listings VIPER · MVC", "▸ Enter on [Show greeting] · MVC",
                            "▸ switch to VIPER Listings · VIPER"])
        #expect(result.stdout.contains("Controller GreetingViewController.didTapButton"))
        // Only what the switch runs synchronously: when the page lands depends on the machine's load.
        #expect(result.stdout.contains("Shell AppShell.switchTo  tear down MVC Greeting, build VIPER Listings"))
        #expect(result.stdout.contains("Interactor ListingsInteractor.loadListings"))
    }

    /// Every bidi control (issue 24 §4), and a C1 control beside them.
    static let bidiControls: [UInt32] = [0x061C, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E,
                                         0x2066, 0x2067, 0x2068, 0x2069, 0x9B]

    @Test("typed bidi controls never reach the output raw", arguments: ["text", "json", "mermaid"])
    func bidiControlsAreEscaped(format: String) throws {
        let typed = Self.bidiControls.map { "x" + String(Unicode.Scalar($0)!) }.joined()
        let result = try runMVX(["trace", "--pattern", "mvc", "--screen", "greeting", "--keys", "up up \"\(typed)\" enter",
                                 "--format", format])
        #expect(result.status == 0, "\(result.stderr)")
        let raw = result.stdout.unicodeScalars.filter { Self.bidiControls.contains($0.value) }
        #expect(raw.isEmpty, "raw controls in the \(format) output: \(raw.map { String($0.value, radix: 16) })")
        // The text is still there, shown: as `\u{202E}` in text and Mermaid, as a JSON escape in JSON.
        #expect(result.stdout.contains(format == "json" ? "\\u202e" : "\\u{202E}"), "\(result.stdout.suffix(2_000))")
        if format == "json" {
            // Escaped, not lost: each line still decodes to the typed text.
            let decoded = result.stdout.split(separator: "\n").compactMap { line in
                try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            }
            #expect(decoded.count == result.stdout.split(separator: "\n").count)
            #expect(decoded.contains { ($0["detail"] as? String)?.contains("\u{202E}") == true })
        }
    }

    @Test("--help documents the key script syntax; the interactive flags still belong to mvx itself")
    func help() throws {
        let trace = try runMVX(["trace", "--help"])
        #expect(trace.status == 0)
        #expect(trace.stdout.contains("type:text") && trace.stdout.contains("down*3") && trace.stdout.contains("pgup"))
        let root = try runMVX(["--help"])
        #expect(root.status == 0)
        #expect(root.stdout.contains("trace") && root.stdout.contains("run (default)"))
        let badFlag = try runMVX(["--latency", "fast"])
        #expect(badFlag.status == 2, "a bad flag of the interactive run is still a usage error")
        #expect(badFlag.stderr.contains("--latency"))
    }
}

@Suite("Compare (tmux)", .serialized,
       .enabled(if: TmuxSession.isAvailable, "tmux is not installed; end-to-end terminal tests need it"),
       .timeLimit(.minutes(1)))
struct CompareEndToEndTests {
    @Test("c replays the last action in the four patterns; Esc closes; the old flags still start the app")
    func compare() async throws {
        let session = try TmuxSession(command: [mvxBinary, "--pattern", "mvp", "--latency", "0"], width: 120, height: 40)
        defer { session.close() }
        var (shown, screen) = try await session.waitUntil(screenContains: "MVP · Greeting")
        #expect(shown, "mvx --pattern mvp --latency 0 did not start on MVP:\n\(screen)")
        try session.send(keys: "Enter")
        (shown, screen) = try await session.waitUntil(screenContains: "Hello David Blaine")
        #expect(shown, "no greeting:\n\(screen)")
        try session.type("c")
        (shown, screen) = try await session.waitUntil(screenContains: "presenter tells the view:")
        #expect(shown, "no compare verdicts:\n\(screen)")
        #expect(screen.contains("» paths part at step 2:"), "the note says where the paths part:\n\(screen)")
        #expect(screen.contains("Compare · Greeting") && screen.contains("▸ Enter on [Show greeting]"))
        for pattern in [" MVC ", " MVP ", " MVVM ", " VIPER "] { #expect(screen.contains(pattern)) }
        #expect(screen.contains("GreetingInteractor"), "VIPER's column shows its interactor:\n\(screen)")
        try session.send(keys: "Escape")
        (shown, screen) = try await session.waitUntil(screenContains: "─ Trace ")
        #expect(shown, "Esc did not close compare:\n\(screen)")
        try session.type("q")
        #expect(try await session.waitForExit() == 0)
    }
}
