import Foundation
import Testing

/// Every error mvx prints quotes something from outside — an option's value, a path, a fixture's
/// id, an environment variable — and must never pass its control bytes on: an OSC sequence in a
/// value would retitle the window, clear the screen or write the clipboard. Each case runs the
/// real binary and reads its stderr byte by byte.
@Suite("Hostile input: errors never echo control bytes", .timeLimit(.minutes(1)))
struct HostileErrorOutputTests {
    /// Sets the window title, writes the clipboard (OSC 52), clears the screen.
    static let hostile = "x\u{1B}]0;pwned\u{07}\u{1B}]52;c;cHduZWQ=\u{07}\u{1B}[2J"

    /// Runs mvx (through `env`, for the environment) and returns its status and stderr's bytes.
    static func run(_ arguments: [String], environment: [String] = []) throws -> (status: Int32, stderr: String) {
        let result = try TmuxSession.run(["/usr/bin/env"] + environment + [mvxBinary] + arguments)
        return (result.status, result.error)
    }

    /// Expects a usage-style failure whose message shows the value's bytes as visible stand-ins.
    static func expectClean(_ result: (status: Int32, stderr: String), sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.status != 0, "the hostile value was accepted", sourceLocation: sourceLocation)
        let bytes = Array(result.stderr.utf8)
        #expect(!bytes.contains(0x1B) && !bytes.contains(0x07), "raw control bytes on stderr: \(result.stderr.debugDescription)",
                sourceLocation: sourceLocation)
        #expect(result.stderr.contains("␛"), "the value is not shown at all: \(result.stderr)", sourceLocation: sourceLocation)
    }

    @Test("option values: --pattern, --screen, --latency, --seed, --fail-rate, --greeting-pattern")
    func options() throws {
        for option in ["--pattern", "--screen", "--latency", "--seed", "--fail-rate", "--greeting-pattern"] {
            Self.expectClean(try Self.run([option, Self.hostile]))
        }
        Self.expectClean(try Self.run(["--\(Self.hostile)"]))
    }

    @Test("mvx trace: --keys, --pattern, --format")
    func traceOptions() throws {
        Self.expectClean(try Self.run(["trace", "--keys", Self.hostile]))
        Self.expectClean(try Self.run(["trace", "--pattern", Self.hostile]))
        Self.expectClean(try Self.run(["trace", "--format", Self.hostile]))
    }

    @Test("paths: --fixtures and MVX_TRACE_FILE")
    func paths() throws {
        Self.expectClean(try Self.run(["--fixtures", "/nonexistent/" + Self.hostile]))
        Self.expectClean(try Self.run([], environment: ["MVX_TRACE_FILE=/nonexistent/" + Self.hostile]))
    }

    @Test("a fixture whose duplicate id is an escape sequence")
    func duplicateID() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mvx-hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // The shipped fixtures, as the checkout holds them (the binary embeds them).
        let bundled = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Sources/Data/FakeServer/Fixtures").standardizedFileURL
        for name in ["xinfang.json", "esf.json", "people.json"] {
            try FileManager.default.copyItem(at: bundled.appendingPathComponent(name), to: folder.appendingPathComponent(name))
        }
        let item: [String: Any] = ["id": Self.hostile, "name": "n", "title": "t", "imageUrl": "https://x/1.jpg",
                                   "price": 1, "area": 1.0, "district": "d"]
        try JSONSerialization.data(withJSONObject: [item, item]).write(to: folder.appendingPathComponent("rent.json"))
        let result = try Self.run(["--fixtures", folder.path])
        Self.expectClean(result)
        #expect(result.stderr.contains("duplicate"))
    }

    @Test("a 5,000-character value is cut, not echoed whole")
    func longValue() throws {
        let result = try Self.run(["--pattern", String(repeating: "\u{1B}", count: 5_000)])
        Self.expectClean(result)
        let longest = result.stderr.split(separator: "\n").map(\.count).max() ?? 0
        #expect(longest < 400, "a line of \(longest) characters")
    }
}

@Suite("Hostile input: numeric options out of range", .timeLimit(.minutes(1)))
struct NumericOptionTests {
    @Test("--latency beyond a minute exits 2 with the range, not SIGILL", arguments: ["1e19", "9223372037s", "1e20ms"])
    func latency(value: String) throws {
        let result = try TmuxSession.run([mvxBinary, "--latency", value])
        #expect(result.status == 2)
        #expect(result.error.contains("latency is 0 to 60s"), "\(result.error)")
    }
}
