import AppComposition
import FakeServer
import Foundation
import Shell
import Terminal
import Testing

/// Issue 24: a second mvx over a cache folder another is using keeps its operation log in memory,
/// where a kill loses it; it says so at start, on the key bar, not only in the inspector.
@MainActor
@Suite(.hangWatchdog) struct SharedCacheFolderTests {
    @Test func aSecondAppOverTheSameFolderSaysItsLogIsInMemory() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mvx-shared-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        func app() throws -> (AppAssembly, AppShell, MemoryScreen) {
            let assembly = try AppAssembly(scenario: Scenario(latency: .seconds(60) ... .seconds(60)),
                                           fixtures: Fixtures(unchecked: [:]), operationLogFolder: folder.path)
            let screen = MemoryScreen(size: Size(width: 120, height: 30))
            let shell = assembly.makeShell(on: screen, pattern: .mvc, screen: .greeting)
            shell.start()
            shell.renderIfNeeded()
            return (assembly, shell, screen)
        }
        let (firstApp, first, firstScreen) = try app()
        defer {
            first.stop()
            firstApp.network.operationLog?.close()
        }
        #expect(!firstScreen.text.contains("in memory"), "the first has the folder's log")
        let (secondApp, second, secondScreen) = try app()
        defer {
            second.stop()
            secondApp.network.operationLog?.close()
        }
        #expect(secondApp.network.operationLog?.fileURL == nil)
        let bottom = secondScreen.row(29)
        #expect(bottom.contains("in memory") && bottom.contains("another mvx"), "the key bar says so: \(bottom)")
    }
}
