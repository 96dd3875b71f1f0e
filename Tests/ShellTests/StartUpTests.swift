import AppComposition
import FakeServer
import Foundation
import Terminal
import Testing

/// What the interactive app does before its first frame: nothing the frame does not show.
@MainActor
@Suite(.hangWatchdog) struct StartUpTests {
    /// The app over fixtures read on demand from an empty folder: any file the start or the first
    /// frame reads is missing, and says so in `problem`. The greeting's person request is still
    /// on its way (a minute of latency), as it is when a real start draws its first frame.
    @Test func theFirstFrameReadsNoFixtures() throws {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("mvx-no-fixtures-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: empty) }
        let fixtures = Fixtures.onDemand(directory: empty)
        let assembly = try AppAssembly(scenario: Scenario(latency: .seconds(60) ... .seconds(60)), fixtures: fixtures)
        let screen = MemoryScreen(size: Size(width: 100, height: 30))
        let shell = assembly.makeShell(on: screen, pattern: .mvc, screen: .greeting)
        shell.start()
        defer { shell.stop() }
        #expect((0..<30).contains { screen.row($0).contains("quit") }, "the first frame is drawn")
        #expect(fixtures.problem == nil, "the start read a fixture file: \(String(describing: fixtures.problem))")
    }
}

extension StartUpTests {
    /// The start draws its first frame inside `start()`, with the person load's first steps in it
    /// (they run at once, inside the start's trace action): that frame is the finished screen, with
    /// no second frame a moment later whose bytes a user waits for too. The operation log's work
    /// (its file, what the last run left, the batch it sends) shows nowhere in that frame: it waits
    /// until the frame is out, and changes nothing on screen after it.
    @Test func theFirstFrameIsTheFinishedScreen() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mvx-start-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(("{\"format\":\"mvx-operation-log\",\"version\":1}\n"
            + "{\"entry\":{\"action\":\"start: MVC Greeting\",\"id\":\"left\",\"pattern\":\"MVC\"}}\n").utf8)
            .write(to: folder.appendingPathComponent("operation-log.jsonl"))
        let assembly = try AppAssembly(scenario: Scenario(latency: .seconds(60) ... .seconds(60)),
                                       fixtures: Fixtures(unchecked: [:]), operationLogFolder: folder.path)
        let screen = SignallingScreen(size: Size(width: 100, height: 30))
        let shell = assembly.makeShell(on: screen, pattern: .mvc, screen: .greeting)
        let log = try #require(assembly.network.operationLog)
        var logHadItsFileAtTheFrame: Bool?
        screen.onPresent = { logHadItsFileAtTheFrame = logHadItsFileAtTheFrame ?? (log.fileURL != nil) }
        shell.start()
        defer {
            shell.stop()
            assembly.network.operationLog?.close()
        }
        #expect(shell.frameCount == 1, "drawn inside start")
        #expect(logHadItsFileAtTheFrame == false, "until the first frame is out the log has not read its folder")
        let first = screen.text
        #expect(first.contains("quit"), "the first frame is drawn")
        #expect(first.contains("First name  [David"), "the module's own screen is in it")
        #expect(log.fileURL != nil && log.unsentCount == 1, "right after it the log has its file and the leftover to send")
        await assembly.network.monitor.untilSettled()
        shell.renderIfNeeded()
        #expect(screen.text == first, "nothing the start did changes the screen after its first frame")
    }
}
