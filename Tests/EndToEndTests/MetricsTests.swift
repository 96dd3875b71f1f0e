import Foundation
import Testing

/// `mvx metrics` from the shell: the live figures `docs/comparison.md` holds, and a one-line error.
/// (The in-process goldens run over a fixed set of files, so they cannot be compared with the
/// binary's live report; the checked-in comparison can, and its freshness test keeps it current.)
@Suite("mvx metrics (command line)", .timeLimit(.minutes(1)))
struct MetricsCommandTests {
    static let comparison = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/comparison.md")
    static let marker = "<!-- generated: mvx metrics --format markdown -->\n"

    private func runMVX(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        let result = try TmuxSession.run([mvxBinary] + arguments)
        return (result.status, result.output, result.error)
    }

    @Test("markdown prints what docs/comparison.md holds below its marker")
    func markdownMatchesTheComparison() throws {
        let result = try runMVX(["metrics", "--format", "markdown"])
        #expect(result.status == 0, "\(result.stderr)")
        let comparison = try String(contentsOf: Self.comparison, encoding: .utf8)
        let generated = try #require(comparison.range(of: Self.marker)).upperBound
        #expect(result.stdout == String(comparison[generated...]))
    }

    @Test("text and JSON name every pattern; JSON parses", arguments: ["text", "json"])
    func otherFormats(format: String) throws {
        let result = try runMVX(["metrics", "--format", format])
        #expect(result.status == 0, "\(result.stderr)")
        for pattern in ["MVC", "MVP", "MVVM", "VIPER"] { #expect(result.stdout.contains(pattern)) }
        if format == "json" {
            #expect(throws: Never.self) { try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) }
        }
    }

    @Test("text is the default format")
    func defaultFormat() throws {
        let plain = try runMVX(["metrics"])
        let text = try runMVX(["metrics", "--format", "text"])
        #expect(plain.status == 0 && plain.stdout == text.stdout)
        #expect(plain.stdout.hasPrefix("Code metrics"))
    }

    @Test("mvx --help lists metrics; mvx metrics --help names the formats")
    func help() throws {
        let root = try runMVX(["--help"])
        #expect(root.status == 0 && root.stdout.contains("metrics"))
        let metrics = try runMVX(["metrics", "--help"])
        #expect(metrics.status == 0)
        #expect(metrics.stdout.contains("--format") && metrics.stdout.contains("markdown") && metrics.stdout.contains("json"))
    }

    @Test("--pattern prints the block a pattern page quotes; an unknown pattern is refused with exit 2")
    func onePattern() throws {
        let page = Self.comparison.deletingLastPathComponent().appendingPathComponent("patterns/viper.md")
        let text = try String(contentsOf: page, encoding: .utf8)
        let result = try runMVX(["metrics", "--pattern", "VIPER"])
        #expect(result.status == 0 && result.stdout.hasPrefix("| | whole pattern | greeting alone |"))
        #expect(text.contains("--format markdown -->\n" + result.stdout + "<!-- end generated -->"),
                "docs/patterns/viper.md quotes what the binary prints")
        let unknown = try runMVX(["metrics", "--pattern", "vipr\u{1b}[2J"])
        #expect(unknown.status == 2 && unknown.stdout.isEmpty)
        #expect(unknown.stderr.contains("vipr") && !unknown.stderr.contains("\u{1b}"), "named, sanitised: \(unknown.stderr)")
    }

    @Test("an unknown format: the parser refuses it, names the formats, exit 2")
    func unknownFormat() throws {
        let result = try runMVX(["metrics", "--format", "yaml"])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix(
            "Error: The value 'yaml' is invalid for '--format <format>'. Please provide one of 'text', 'markdown' or 'json'.\n"))
    }
}

@Suite("Metrics (tmux)", .serialized,
       .enabled(if: TmuxSession.isAvailable, "tmux is not installed; end-to-end terminal tests need it"),
       .timeLimit(.minutes(1)))
struct MetricsEndToEndTests {
    @Test("m shows the table over the module; m closes it; q quits and restores the terminal")
    func metricsPanel() async throws {
        let session = try TmuxSession(command: [mvxBinary, "--latency", "0"], width: 80, height: 24)
        defer { session.close() }
        var (shown, screen) = try await session.waitUntil(screenContains: "─ Trace ")
        #expect(shown, "mvx did not start:\n\(screen)")
        try session.type("m")
        (shown, screen) = try await session.waitUntil(screenContains: "Metrics · counted from the embedded sources")
        #expect(shown, "m did not open the metrics:\n\(screen)")
        #expect(screen.contains("MVC") && screen.contains("VIPER") && screen.contains("code lines"), "no table:\n\(screen)")
        #expect(!screen.contains("─ Trace "), "the table covers the trace pane:\n\(screen)")
        try session.send(keys: "End")
        (shown, screen) = try await session.waitUntil(screenContains: "Ease of use")
        #expect(shown, "End did not scroll to the criteria:\n\(screen)")
        #expect(screen.contains("agrees") && screen.contains("█"), "no bars or verdicts:\n\(screen)")
        try session.type("m")
        (shown, screen) = try await session.waitUntil(screenContains: "─ Trace ")
        #expect(shown, "m did not close the metrics:\n\(screen)")
        try session.type("q")
        #expect(try await session.waitForExit() == 0)
        let before = try #require(session.sttyBefore)
        let after = try #require(session.sttyAfter)
        #expect(after.split(separator: "\n").dropFirst() == before.split(separator: "\n").dropFirst(),
                "tty modes differ from before:\n\(before)\n---\n\(after)")
        let modes = try session.paneModes()
        #expect(!modes.alternateScreen && modes.cursorVisible && !modes.keypad, "terminal not restored: \(modes)")
    }
}
