import Clocks
import FakeServer
import Foundation
import Networking
import Synchronization
import TestSupport
import Testing
import Tracing

/// The operation log's batching and its file: 30 entries a batch, leftovers first, nothing lost or
/// doubled across a kill, a damaged or foreign file replaced, an unwritable folder reported once.
@MainActor
@Suite(.timeLimit(.minutes(1))) struct OperationLogTests {
    /// A temporary folder per test, removed at the end.
    private let folder = FileManager.default.temporaryDirectory.appending(path: "mvx-oplog-\(UUID().uuidString)")
    private let fileName = "operation-log.jsonl"

    /// Entry ids `e1`, `e2`… shared by every log a test makes, so ids stay unique across "runs".
    private final class Counter: Sendable {
        let next = Atomic<Int>(1)
        func id() -> String { "e\(next.add(1, ordering: .relaxed).oldValue)" }
    }

    private let counter = Counter()

    /// A log over the test's folder. It waits up to 250 ms for the folder's lock: this test process
    /// spawns others (tmux, mvx), and each child holds a copy of a just-closed lock until its exec.
    private func makeLog(
        _ network: NetworkEnvironment, folder: URL? = nil, lockPatience: Duration = .milliseconds(250)
    ) -> OperationLog {
        let counter = counter
        let log = network.makeOperationLog(folder: folder ?? self.folder, lockPatience: lockPatience, makeID: { counter.id() })
        log.open()
        return log
    }

    private func server(of network: NetworkEnvironment) -> FakeServer {
        network.transport as! FakeServer
    }

    private func act(_ log: OperationLog, _ count: Int) {
        for index in 0..<count { log.record("rent.list page=\(index + 1)&page_size=20", pattern: "MVC") }
    }

    private func ids(_ range: ClosedRange<Int>) -> [String] { range.map { "e\($0)" } }

    @Test func sendsExactlyThirtyAnEntryBatchAndHoldsAPartialOne() async {
        defer { try? FileManager.default.removeItem(at: folder) }
        let network = TestNetwork().environment
        let log = makeLog(network)
        act(log, 29)
        await network.settle()
        #expect(server(of: network).logBatchCount == 0, "29 entries wait for the 30th")
        #expect(log.waiting.count == 29)
        act(log, 1)
        await network.settle()
        #expect(server(of: network).logBatchCount == 1)
        #expect(server(of: network).loggedEntryIDs == ids(1...30))
        act(log, 65)
        await network.settle()
        #expect(server(of: network).logBatchCount == 3, "95 entries: three batches of 30, five waiting")
        #expect(server(of: network).loggedEntryIDs == ids(1...90))
        #expect(log.waiting.count == 5 && log.unsentCount == 5)
        #expect(log.batches.map(\.count) == [30, 30, 30])
        #expect(log.batches.allSatisfy { $0.status == .sent(accepted: 30, duplicates: 0) })
    }

    @Test func sendsWhatTheLastRunLeftFirst() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = TestNetwork().environment
        let firstLog = makeLog(first)
        act(firstLog, 7)
        await first.settle()
        #expect(server(of: first).logBatchCount == 0)
        firstLog.close()  // the run ends

        // The next launch, over the same folder: its first action sends the seven before anything new.
        let second = TestNetwork().environment
        let log = makeLog(second)
        #expect(log.unsentCount == 7)
        act(log, 30)
        await second.settle()
        #expect(server(of: second).loggedEntryIDs == ids(1...37))
        #expect(log.batches.map(\.count) == [7, 30])
        #expect(log.batches.map(\.isLeftover) == [true, false])
        #expect(log.unsentCount == 0)
        log.close()

        // Acknowledged entries are not left for a third launch.
        let third = makeLog(TestNetwork().environment)
        #expect(third.unsentCount == 0)
    }

    /// A transport that delivers to the server, then never hears the reply: a kill after the
    /// service took the batch and before the log wrote its acknowledgement.
    private struct ReplyLost: Transport {
        let server: FakeServer
        let clock: NetworkClock
        func send(_ request: SignedRequest) async throws(APIError) -> [UInt8] {
            let reply = try await server.send(request)
            do { try await clock.sleep(for: .seconds(3600)) } catch { throw .cancelled }
            return reply
        }
    }

    @Test func aKillBetweenSendingAndAcknowledgingLosesNothingAndDoublesNothing() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let clock = NetworkClock(TestClock<Duration>())
        let server = FakeServer(fixtures: TestNetwork.bundledFixtures, scenario: ScenarioControls(.instant),
                                clock: NetworkClock(ImmediateClock()))
        let killed = NetworkEnvironment(transport: ReplyLost(server: server, clock: clock), clock: clock)
        let killedLog = makeLog(killed)
        act(killedLog, 30)
        await killed.settle()  // the batch reached the server; its reply never comes
        #expect(server.loggedEntryIDs == ids(1...30))
        killedLog.close()  // the kill: the process and its lock are gone, the acknowledgement never written

        let restarted = NetworkEnvironment(transport: server, clock: NetworkClock(ImmediateClock()))
        let log = makeLog(restarted)
        #expect(log.unsentCount == 30, "no acknowledgement on disk: the 30 are sent again (\(log.problem ?? "no problem"), \(log.fileNote ?? "no note"))")
        act(log, 1)
        await restarted.settle()
        #expect(server.logBatchCount == 2)
        #expect(server.loggedEntryIDs == ids(1...30), "the server kept each entry once")
        #expect(log.batches.first?.status == .sent(accepted: 0, duplicates: 30))
        log.close()
        #expect(makeLog(NetworkEnvironment(transport: server)).unsentCount == 1, "only the new entry is left")
    }

    @Test func aForeignFileIsIgnoredAndReplaced() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appending(path: fileName)
        try Data([0xFF, 0x00, 0x1B] + Array("[2J not a log\n{\"entry\":{}}\n".utf8)).write(to: file)
        let network = TestNetwork().environment
        let log = makeLog(network)
        #expect(log.unsentCount == 0 && log.fileNote != nil && log.problem == nil)
        act(log, 30)
        await network.settle()
        #expect(server(of: network).loggedEntryIDs == ids(1...30))
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.hasPrefix("{\"format\":\"mvx-operation-log\",\"version\":1}\n"))
    }

    @Test(.timeLimit(.minutes(1)))
    func aLinkToADeviceIsReplacedNotRead() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appending(path: fileName)
        try FileManager.default.createSymbolicLink(atPath: file.path, withDestinationPath: "/dev/zero")
        let log = makeLog(TestNetwork().environment)
        #expect(log.fileNote == "a log file that was not a regular file was replaced" && log.problem == nil)
        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        #expect(attributes[.type] as? FileAttributeType == .typeRegular, "the link itself was replaced")
    }

    @Test func aTruncatedLineIsDroppedAndTheRestKept() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let network = TestNetwork().environment
        let killed = makeLog(network)
        act(killed, 3)
        killed.close()
        let file = folder.appending(path: fileName)
        var bytes = try Data(contentsOf: file)
        bytes.removeLast(12)  // the third entry's line, cut as a kill mid-write would
        try bytes.write(to: file)

        let log = makeLog(TestNetwork().environment)
        #expect(log.unsentCount == 2)
        #expect(log.fileNote == "1 damaged line was dropped")
        let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 3, "the header and the two whole entries: \(lines)")
    }

    /// The file's lines as the log reads them: an entry needs its three strings, acked ids are
    /// strings, unknown keys and nulls are passed over, anything else is a damaged line.
    @Test func eachLineIsReadByItsShape() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let lines = [
            #"{"format":"mvx-operation-log","version":1,"written-by":"a later mvx"}"#,
            #"{"entry":{"action":"start: MVC Greeting","id":"a","pattern":"MVC"}}"#,
            #"{"entry":{"action":"Enter on [Show greeting] \u2192 \"quoted\"","id":"b","pattern":"MVP","extra":1},"acked":null}"#,
            #"{"entry":{"action":"c","id":"c","pattern":"VIPER"}}"#,
            #"{"acked":["a","nobody"]}"#,
            #"{"entry":{"id":"d","action":"no pattern"}}"#,   // damaged: a field is missing
            #"{"entry":{"id":5,"action":"x","pattern":"MVC"}}"#,  // damaged: the id is a number
            #"{"acked":["c",7]}"#,                                // damaged: an id is a number
            #"{"format":1}"#,                                     // damaged: the format is a number
            #"["entry"]"#,                                        // damaged: not an object
        ]
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: folder.appending(path: fileName))
        let log = makeLog(TestNetwork().environment)
        #expect(log.fileNote == "5 damaged lines were dropped")
        #expect(log.queued.flatMap { $0 } == [
            OperationLogEntry(id: "b", action: "Enter on [Show greeting] → \"quoted\"", pattern: "MVP"),
            OperationLogEntry(id: "c", action: "c", pattern: "VIPER"),
        ])
        log.close()
        let text = try String(contentsOf: folder.appending(path: fileName), encoding: .utf8)
        #expect(text == """
            {"format":"mvx-operation-log","version":1}
            {"entry":{"action":"Enter on [Show greeting] → \\"quoted\\"","id":"b","pattern":"MVP"}}
            {"entry":{"action":"c","id":"c","pattern":"VIPER"}}

            """, "rewritten with only what is unsent, keys sorted")
    }

    /// The file's identity on disk: a rewrite (a new file renamed over it) changes it.
    private func inode(_ url: URL) throws -> UInt64 {
        var status = stat()
        guard lstat(url.path, &status) == 0 else { throw CocoaError(.fileNoSuchFile) }
        return UInt64(status.st_ino)
    }

    /// Launch rewrites the file only when that changes it: one that holds just the header and
    /// unsent entries is appended to; one missing its last newline is rewritten, so the next entry
    /// starts a line of its own.
    @Test func aFileOfOnlyUnsentEntriesIsAppendedToNotRewritten() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appending(path: fileName)
        let first = makeLog(TestNetwork().environment)
        act(first, 3)
        first.close()
        let written = try inode(file)
        let second = makeLog(TestNetwork().environment)
        #expect(second.unsentCount == 3 && second.fileNote == nil)
        #expect(try inode(file) == written, "kept as it was")
        act(second, 1)
        second.close()
        var bytes = try Data(contentsOf: file)
        #expect(String(decoding: bytes, as: UTF8.self).split(separator: "\n").count == 5)
        bytes.removeLast()  // the newline after the fourth entry
        try bytes.write(to: file)
        let cut = try inode(file)
        let third = makeLog(TestNetwork().environment)
        #expect(third.unsentCount == 4)
        #expect(try inode(file) != cut, "rewritten")
        act(third, 1)
        third.close()
        let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 7 && lines.last == "", "the header, five entries each on its own line: \(lines)")
        #expect(makeLog(TestNetwork().environment).unsentCount == 5)
    }

    @Test func anUnwritableFolderIsReportedOnceAndTheLogGoesOnInMemory() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("a file, not a folder".utf8).write(to: folder)
        let network = TestNetwork().environment
        let log = makeLog(network)
        let problem = try #require(log.problem)
        #expect(log.fileURL == nil)
        act(log, 31)
        await network.settle()
        #expect(log.problem == problem, "said once")
        #expect(server(of: network).loggedEntryIDs == ids(1...30) && log.waiting.count == 1)
    }

    @Test func aSecondLogOverTheSameFolderStaysInMemory() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let running = makeLog(TestNetwork().environment)
        act(running, 2)
        // As the app makes it: no patience, so a second mvx's first frame never waits for the first's lock.
        let second = makeLog(TestNetwork().environment, lockPatience: .zero)
        #expect(second.problem?.contains("another mvx is using it") == true, "\(second.problem ?? "no problem")")
        #expect(second.fileURL == nil && second.unsentCount == 0)
        #expect(running.problem == nil && running.fileURL != nil)
        act(running, 1)
        let lines = try String(contentsOf: folder.appending(path: fileName), encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 4, "the running log's file was left alone: \(lines)")
    }

    @Test func aFailedBatchIsKeptAndGoesWithTheNextAction() async {
        defer { try? FileManager.default.removeItem(at: folder) }
        let testNetwork = TestNetwork(offline: true)
        let network = testNetwork.environment
        let log = makeLog(network)
        act(log, 30)
        await network.settle()
        #expect(log.batches.map(\.status) == [.failed(APIError.noNetwork.userMessage)])
        #expect(log.unsentCount == 30)
        network.scenario?.update { $0.offline = false }
        act(log, 1)
        await network.settle()
        #expect(server(of: network).loggedEntryIDs == ids(1...30))
        #expect(log.unsentCount == 1)
    }
}
