import Foundation
import Testing

/// The operation log across a kill: the real binary records a few calls (fewer than a batch, so
/// nothing is sent), is killed with SIGKILL, and the next launch over the same folder sends those
/// entries first — each once — as the trace file and the inspector show.
@Suite("Operation log (tmux)", .serialized,
       .enabled(if: TmuxSession.isAvailable, "tmux is not installed; end-to-end terminal tests need it"),
       .timeLimit(.minutes(1)))
struct OperationLogEndToEndTests {
    private let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mvx-e2e-oplog-\(UUID().uuidString)")
    private var logFile: URL { folder.appendingPathComponent("operation-log.jsonl") }

    /// The log file's lines as JSON objects (a line that is not one is kept as an empty object).
    private func logLines() -> [[String: Any]] {
        guard let data = try? Data(contentsOf: logFile) else { return [] }
        return data.split(separator: UInt8(ascii: "\n")).map {
            (try? JSONSerialization.jsonObject(with: Data($0))) as? [String: Any] ?? [:]
        }
    }

    private func entryIDs(_ lines: [[String: Any]]) -> [String] {
        lines.compactMap { ($0["entry"] as? [String: Any])?["id"] as? String }
    }

    /// The details of the trace file's operation-log lines (the network layer's), in order.
    private func logTraceDetails(_ file: URL) -> [String] {
        guard let data = try? Data(contentsOf: file) else { return [] }
        return data.split(separator: UInt8(ascii: "\n")).compactMap {
            guard let event = (try? JSONSerialization.jsonObject(with: Data($0))) as? [String: Any],
                  event["type"] as? String == "OperationLog", event["role"] as? String == "Network" else { return nil }
            return event["detail"] as? String
        }
    }

    @Test("a run killed before its first batch: the next launch sends its entries first, each once")
    func leftoversSurviveSIGKILL() async throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let firstTrace = folder.appendingPathComponent("first-trace.jsonl")
        let secondTrace = folder.appendingPathComponent("second-trace.jsonl")

        let first = try TmuxSession(command: [mvxBinary, "--latency", "0", "--cache-dir", folder.path],
                                    environment: ["MVX_TRACE_FILE": firstTrace.path])
        defer { first.close() }
        try await first.expectScreen(shows: "MVC · Greeting", "first launch")
        try first.type("l")
        try await first.expectScreen(shows: "/month", "MVC's listings loaded")
        try first.type("2")
        try await first.expectScreen(shows: "MVP · Listings", "switch to MVP")
        try first.type("3")
        try await first.expectScreen(shows: "MVVM · Listings", "switch to MVVM")
        try await first.expectScreen(shows: "/month", "MVVM's listings loaded")
        // A call is written as it is made, before its reply: what the screen shows is on disk.
        let written = entryIDs(logLines())
        #expect((3..<30).contains(written.count) && Set(written).count == written.count,
                "each pattern's first page (one sent, two from the cache), each once, fewer than a batch: \(written)")
        try first.signal(SIGKILL)
        _ = try await first.waitForExit()
        #expect(entryIDs(logLines()) == written)
        #expect(!logLines().contains { $0["acked"] != nil }, "nothing was sent before the kill")
        #expect(!logTraceDetails(firstTrace).contains { $0.contains("sent") }, "no batch went in the first run")
        let count = written.count

        let second = try TmuxSession(command: [mvxBinary, "--latency", "0", "--cache-dir", folder.path],
                                     environment: ["MVX_TRACE_FILE": secondTrace.path])
        defer { second.close() }
        try await second.expectScreen(shows: "MVC · Greeting", "second launch")
        try second.type("n")
        let screen = try await second.expectScreen(shows: "#1 \(count) leftover sent", "the inspector lists the leftover batch")
        #expect(screen.contains("batches"), "the operation log's section:\n\(screen)")

        let details = logTraceDetails(secondTrace)
        #expect(details.first == "leftover batch #1 of \(count) sent: \(count) accepted, 0 duplicates",
                "the leftovers go first: \(details)")
        let acked = logLines().compactMap { $0["acked"] as? [String] }
        #expect(acked == [written], "the leftovers acknowledged once, nothing else: \(acked)")
        #expect(entryIDs(logLines()).prefix(count) == written[...], "the new run's file starts with the leftovers")

        try second.type("q")
        #expect(try await second.waitForExit() == 0)
    }
}
