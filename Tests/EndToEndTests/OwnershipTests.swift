import Foundation
import Testing

/// The ownership panel (`o`) with the real binary in a real terminal: the live graph with its weak
/// arrows, what a pattern switch freed, the four patterns side by side, Esc closing it.
@Suite("Ownership panel (tmux)", .serialized,
       .enabled(if: TmuxSession.isAvailable, "tmux is not installed; end-to-end terminal tests need it"),
       .timeLimit(.minutes(1)))
struct OwnershipEndToEndTests {
    @Test("o shows MVP's graph with the presenter's weak view; 4 switches and the old module is freed; Tab: four columns; Esc closes")
    func ownership() async throws {
        let session = try TmuxSession(command: [mvxBinary, "--pattern", "mvp", "--latency", "0"], width: 80, height: 24)
        defer { session.close() }
        try await session.expectScreen(shows: "MVP · Greeting", "start on MVP")
        try session.type("o")
        try await session.expectScreen(shows: "Ownership · MVP greeting · 5 objects", "o opens the panel on the live module")
        try await session.expectScreen(shows: "╌▷ view (weak)  ↺ GreetingViewController", "the presenter's view is weak")

        try session.type("4")
        try await session.expectScreen(shows: "Ownership · VIPER greeting", "the graph follows the switch")
        try await session.expectScreen(shows: "previous MVP greeting: 4 objects freed, 0 alive", "the old module is gone")

        try session.send(keys: "Tab")
        try await session.expectScreen(shows: "Ownership · Greeting in every pattern", "Tab: every pattern")
        let screen = try await session.expectScreen(shows: "│ VIPER", "four columns")
        for pattern in [" MVC ", "│ MVP ", "│ MVVM "] { #expect(screen.contains(pattern), "\(pattern):\n\(screen)") }

        try session.send(keys: "Escape")
        try await session.expectScreen(shows: "─ Trace ", "Esc closes the panel")
        try session.type("q")
        #expect(try await session.waitForExit() == 0)
    }
}
