import Foundation
import Testing

/// Every frame reaches the terminal in one write(2) (two for a frame bigger than curses' buffer): a
/// terminal does not show it half drawn, and a slow link carries it in as few packets as it can. ncurses flushes at every cursor
/// move until its screen has been ended and resumed once, so without the session's resume at
/// start a frame went out as 20 to 30 writes. strace, around the real binary, sees every write.
@Suite("One write per frame (tmux, strace)", .serialized,
       .enabled(if: TmuxSession.isAvailable && Strace.isUsable, "needs tmux, and strace allowed to trace a child"),
       .timeLimit(.minutes(1)))
struct FrameWriteTests {
    @Test func theFirstFrameAndAKeyPressFrameAreEachOneWrite() async throws {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("mvx-writes-\(UUID().uuidString).txt")
        defer { try? FileManager.default.removeItem(at: log) }
        let session = try TmuxSession(command: [Strace.path!, "-f", "-qq", "-e", "trace=write", "-s", "65536",
                                                "-o", log.path, mvxBinary, "--latency", "0"])
        defer { session.close() }
        try await session.expectScreen(shows: "David", "the first frame")
        try session.type("\r")
        try await session.expectScreen(shows: "Hello David Blaine", "the greeting button pressed")
        try session.type("q")
        #expect(try await session.waitForExit() == 0)

        // strace writes a call's bytes as a C string: ASCII as it is, so the markers are ASCII.
        let terminalWrites = try String(contentsOf: log, encoding: .utf8).split(separator: "\n")
            .filter { $0.contains("write(1, \"") }
        // The first frame, from its header to its key bar: one write, or two when it is bigger than
        // curses' output buffer ((rows + 2) × (columns + 6) bytes, 2,236 at 80×24).
        let header = try #require(terminalWrites.firstIndex { $0.contains(" mvx ") }, "no write holds the header")
        let keyBar = try #require(terminalWrites[header...].firstIndex { $0.contains("quit") }, "no write holds the key bar")
        let frameWrites = terminalWrites[header...keyBar].prefix(6).joined(separator: "\n")
        #expect(keyBar - header <= 1, "the first frame took \(keyBar - header + 1) writes:\n\(frameWrites)")
        #expect(terminalWrites.contains { $0.contains("Hello David Blaine") && $0.contains("sendActions") },
                "one write holds the press's frame, the greeting and the trace's lines")
    }
}

/// strace, when it is installed and allowed to trace a child (a container may forbid ptrace).
enum Strace {
    static let path: String? = ["/usr/bin/strace", "/bin/strace", "/usr/local/bin/strace"]
        .first(where: FileManager.default.isExecutableFile)

    static let isUsable: Bool = {
        guard let path else { return false }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["-o", "/dev/null", "/bin/true"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }()
}
