import Foundation
import Testing

/// The network inspector with the real binary in a real terminal: requests listed as they
/// happen, the offline switch felt by the module beside it, and a clean exit.
@Suite("Network inspector (tmux)", .serialized,
       .enabled(if: TmuxSession.isAvailable, "tmux is not installed; end-to-end terminal tests need it"),
       .timeLimit(.minutes(1)))
struct NetworkInspectorEndToEndTests {
    @Test("n lists the listings' requests; offline and r fail beside it; n closes; q restores the terminal")
    func inspectOfflineAndQuit() async throws {
        let session = try TmuxSession(command: [mvxBinary, "--latency", "0"], width: 80, height: 24)
        defer { session.close() }
        try await session.expectScreen(shows: "MVC · Greeting", "start")
        try session.type("l")
        try await session.expectScreen(shows: "龙湖天街27号楼", "the first rent page")

        try session.type("n")
        var screen = try await session.expectScreen(shows: "rent.list p1", "the inspector lists the request")
        #expect(screen.contains("Network · idle") && screen.contains("✓ 20 items"), "landed, with its items:\n\(screen)")
        #expect(!screen.contains("person.get"), "the greeting loads nothing:\n\(screen)")
        #expect(screen.contains("MVC · Listings"), "the module stays beside the panel:\n\(screen)")

        try session.type("a")
        try await session.expectScreen(shows: "on · requests fail", "offline on")
        try session.type("r")
        screen = try await session.expectScreen(shows: "Could not load the listings: No network", "the module's error line")
        screen = try await session.expectScreen(shows: "✗ no network", "the failure in the panel")
        #expect(screen.contains("No network connection."), "the opened record says why:\n\(screen)")

        try session.type("n")
        // Both at once: a capture can fall between the title's row and the pane's rows of one frame.
        var closedScreen = ""
        let closed = try await session.waitUntil {
            closedScreen = try session.capture()
            return closedScreen.contains("─ Trace ") && !closedScreen.contains("fail next")
        }
        #expect(closed, "n closes the inspector, and the panel is gone:\n\(closedScreen)")

        try session.type("q")
        #expect(try await session.waitForExit() == 0)
        try session.expectTerminalRestored(appHeader: "MVC")
    }

    @Test("y in the inspector moves to 2G: the banner shows in every pattern's listings; offline and back")
    func networkTypeBannerInEveryPattern() async throws {
        let session = try TmuxSession(command: [mvxBinary, "--latency", "0", "--pattern", "viper"], width: 110, height: 30)
        defer { session.close() }
        try await session.expectScreen(shows: "VIPER · Greeting", "start")
        try session.type("n")
        try await session.expectScreen(shows: "Wi-Fi", "the inspector shows the network type")
        try session.type("yyy")
        try session.type("l")
        try await session.expectScreen(shows: "VIPER · Listings", "the listings")
        var screen = try await session.expectScreen(shows: "On 2G — pictures off", "VIPER's listings show the banner")
        #expect(screen.contains("2G"), "the inspector shows 2G:\n\(screen)")
        try session.type("g")
        screen = try await session.expectScreen(shows: "VIPER · Greeting", "back to the greeting")
        #expect(!screen.contains("On 2G — pictures off"), "the greeting loads nothing, so it shows no banner:\n\(screen)")
        try session.type("l")
        try await session.expectScreen(shows: "On 2G — pictures off", "VIPER's listings again")
        for (key, name) in [("1", "MVC"), ("2", "MVP"), ("3", "MVVM")] {
            try session.type(key)
            try await session.expectScreen(shows: "\(name) · Listings", "\(name)'s listings")
            try await session.expectScreen(shows: "On 2G — pictures off", "\(name)'s listings show the banner")
        }
        try session.type("a")
        try await session.expectScreen(shows: "Offline — will retry when the network is back", "offline banner")
        try session.type("a")
        screen = try await session.expectScreen(shows: "On 2G — pictures off", "back on 2G")
        #expect(!screen.contains("Offline — will retry"), "the offline banner is gone:\n\(screen)")

        try session.type("n")
        try await session.expectScreen(shows: "─ Trace ", "n closes the inspector")
        try session.type("q")
        #expect(try await session.waitForExit() == 0)
    }
}
