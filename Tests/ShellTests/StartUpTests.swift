import AppComposition
import FakeServer
import Foundation
import Terminal
import Testing

/// What the interactive app does before its first frame: nothing the frame does not show.
@MainActor
@Suite struct StartUpTests {
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
