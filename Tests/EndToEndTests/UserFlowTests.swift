import Foundation
import Testing

/// A user's session with the real binary in a real terminal (tmux): greet in one pattern, switch,
/// find the edit kept, shrink the terminal below its minimum and back, browse the listings and a
/// detail, quit. Each step waits for what the screen must show.
@Suite("User flow (tmux)", .serialized,
       .enabled(if: TmuxSession.isAvailable, "tmux is not installed; end-to-end terminal tests need it"),
       .timeLimit(.minutes(1)))
struct UserFlowTests {
    private func expectScreen(_ session: TmuxSession, shows text: String, _ step: String,
                              sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let (shown, screen) = try await session.waitUntil(screenContains: text)
        #expect(shown, "\(step): '\(text)' not on screen:\n\(screen)", sourceLocation: sourceLocation)
    }

    @Test func greetSwitchResizeBrowseAndQuit() async throws {
        let session = try TmuxSession(command: [mvxBinary, "--latency", "0"], width: 100, height: 30)
        defer { session.close() }
        try await expectScreen(session, shows: "MVC · Greeting", "start")
        try await expectScreen(session, shows: "[David", "the person service answered")

        // MVP: replace both names (focus starts on the button: ↑ reaches the last name, then the
        // first), then go back down to the button and press it.
        try session.type("2")
        try await expectScreen(session, shows: "MVP · Greeting", "switch to MVP")
        try session.send(keys: "Up")
        try session.send(keys: "BSpace", "BSpace", "BSpace", "BSpace", "BSpace", "BSpace")
        try session.type("张伟")
        try await expectScreen(session, shows: "[张伟", "the last name typed")
        try session.send(keys: "Up")
        try session.send(keys: "BSpace", "BSpace", "BSpace", "BSpace", "BSpace")
        try session.type("Ada")
        try await expectScreen(session, shows: "[Ada", "the first name typed")
        try session.send(keys: "Down", "Down", "Enter")
        try await expectScreen(session, shows: "Hello Ada 张伟", "greet in MVP")

        // VIPER over the same shared model: the edit is there.
        try session.type("4")
        try await expectScreen(session, shows: "VIPER · Greeting", "switch to VIPER")
        try await expectScreen(session, shows: "[张伟", "the edited name kept across the switch")

        // Below the minimum and back.
        try session.resize(width: 30, height: 8)
        try await expectScreen(session, shows: "too small", "30×8")
        try session.resize(width: 100, height: 30)
        try await expectScreen(session, shows: "VIPER · Greeting", "back to 100×30")

        // Listings in MVVM, a detail, back.
        try session.type("3")
        try session.type("l")
        try await expectScreen(session, shows: "MVVM · Listings", "listings in MVVM")
        try await expectScreen(session, shows: "龙湖天街27号楼", "the first rent page")
        try session.send(keys: "Enter")
        try await expectScreen(session, shows: "From the rent API", "the detail of the first row")
        try session.send(keys: "Escape")
        try await expectScreen(session, shows: "[Rent]", "back on the list")

        try session.type("q")
        let status = try await session.waitForExit()
        #expect(status == 0)
    }

    @Test("each pattern's greeting and listing flows, with the detail screen",
          arguments: ["mvc", "mvp", "mvvm", "viper"])
    func patternFlows(pattern: String) async throws {
        let session = try TmuxSession(command: [mvxBinary, "--pattern", pattern, "--latency", "0"], width: 100, height: 30)
        defer { session.close() }
        let name = pattern.uppercased()
        try await expectScreen(session, shows: "\(name) · Greeting", "start")
        try await expectScreen(session, shows: "[Blaine", "the person service answered")
        try session.send(keys: "Enter")  // focus starts on the button
        try await expectScreen(session, shows: "Hello David Blaine", "greet")

        try session.type("l")
        try await expectScreen(session, shows: "龙湖天街27号楼", "the first rent page")
        try session.send(keys: "Right")
        try await expectScreen(session, shows: "[New homes]", "another source")
        try await expectScreen(session, shows: "New home · ", "its rows")
        try session.send(keys: "Down", "Enter")
        try await expectScreen(session, shows: "From the xinfang API", "the detail of the second row")
        try await expectScreen(session, shows: "xinfang_name", "the raw keys beside the fields")
        try session.send(keys: "Escape")
        try await expectScreen(session, shows: "[New homes]", "back on the list")

        try session.type("q")
        #expect(try await session.waitForExit() == 0)
    }

    @Test func switchingPatternInTheMiddleOfASlowLoad() async throws {
        // Every request takes 1.5 s: MVC's load is still in flight when VIPER replaces it.
        let session = try TmuxSession(
            command: [mvxBinary, "--screen", "listings", "--latency", "1500ms"], width: 100, height: 30)
        defer { session.close() }
        try await expectScreen(session, shows: "Loading Rent listings …", "MVC starts loading")
        try session.type("4")
        try await expectScreen(session, shows: "VIPER · Listings", "switched while loading")
        try await expectScreen(session, shows: "龙湖天街27号楼", "VIPER's own load lands")
        let screen = try session.capture()
        #expect(!screen.contains("Loading"), "a loading line outlived its request:\n\(screen)")
        try session.type("q")
        #expect(try await session.waitForExit() == 0)
    }
}
