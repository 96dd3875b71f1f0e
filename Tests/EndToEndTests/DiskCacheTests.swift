import Foundation
import Testing

/// The disk tier across runs of the real binary: a first run loads the listings and quits; the next
/// run over the same cache folder answers them from disk (the inspector says so) and sends nothing;
/// a run with `--no-disk-cache` reads nothing from the folder.
@Suite("Disk cache (tmux)", .serialized,
       .enabled(if: TmuxSession.isAvailable, "tmux is not installed; end-to-end terminal tests need it"),
       .timeLimit(.minutes(1)))
struct DiskCacheEndToEndTests {
    private let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mvx-e2e-cache-\(UUID().uuidString)")

    private func run(_ extra: [String] = []) throws -> TmuxSession {
        try TmuxSession(command: [mvxBinary, "--latency", "0", "--cache-dir", folder.path] + extra)
    }

    @Test("the next run answers the listings from disk; --no-disk-cache does not")
    func listingsComeFromDiskNextRun() async throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }

        let first = try run()
        defer { first.close() }
        try await first.expectScreen(shows: "MVC · Greeting", "first launch")
        try first.type("l")
        try await first.expectScreen(shows: "¥3,900/month", "the first page loaded")
        try first.type("q")
        #expect(try await first.waitForExit() == 0)
        let written = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("responses").path)
        #expect(written.contains { $0.hasSuffix(".entry") }, "the page was written to disk: \(written)")

        let second = try run()
        defer { second.close() }
        try await second.expectScreen(shows: "MVC · Greeting", "second launch")
        try second.type("l")
        try await second.expectScreen(shows: "¥3,900/month", "the first page again")
        try second.type("n")
        let screen = try await second.expectScreen(shows: "✓ disk hit", "the inspector lists a disk hit")
        #expect(!screen.contains("20 items"), "nothing was sent for the listings:\n\(screen)")
        try second.type("q")
        #expect(try await second.waitForExit() == 0)

        let third = try run(["--no-disk-cache"])
        defer { third.close() }
        try await third.expectScreen(shows: "MVC · Greeting", "third launch")
        try third.type("l")
        try await third.expectScreen(shows: "¥3,900/month", "the first page from the server")
        try third.type("n")
        let memoryOnly = try await third.expectScreen(shows: "✓ 20 items", "sent, not read from disk")
        #expect(memoryOnly.contains("cache     1 mem"), "the cache row counts what memory holds:\n\(memoryOnly)")
        #expect(!memoryOnly.contains("disk hit"))
        try third.type("q")
        #expect(try await third.waitForExit() == 0)
    }

    @Test("two mvx sharing the cache folder at once leave only whole entries, which the next run reads")
    func twoProcessesShareTheFolder() async throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = try run(), second = try run()
        defer { first.close(); second.close() }
        for session in [first, second] { try await session.expectScreen(shows: "MVC · Greeting", "launch") }
        // Both load the same sources at once, so both write the same entries.
        for session in [first, second] { try session.type("l") }
        for session in [first, second] { try await session.expectScreen(shows: "¥3,900/month", "the first page") }
        for session in [first, second] { try session.send(keys: "Right") }
        for session in [first, second] { try await session.expectScreen(shows: "[New homes]", "the second source") }
        for session in [first, second] { try session.type("q") }
        for session in [first, second] { #expect(try await session.waitForExit() == 0) }
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("responses").path)
        #expect(!files.isEmpty && files.allSatisfy { $0.hasSuffix(".entry") && !$0.hasPrefix(".") },
                "only whole entries, no temporary file left: \(files)")

        let third = try run()
        defer { third.close() }
        try await third.expectScreen(shows: "MVC · Greeting", "third launch")
        try third.type("l")
        try await third.expectScreen(shows: "¥3,900/month", "the first page again")
        try third.type("n")
        let screen = try await third.expectScreen(shows: "✓ disk hit", "read from disk")
        #expect(!screen.contains("bad files"), "no entry was damaged:\n\(screen)")
        try third.type("q")
        #expect(try await third.waitForExit() == 0)
    }
}
