import Testing

/// The state timeline with the real binary: the changes an action made, and a rewind that brings
/// the screen back while the network keeps its latency for the user.
@Suite("State timeline (tmux)", .serialized,
       .enabled(if: TmuxSession.isAvailable, "tmux is not installed; end-to-end terminal tests need it"),
       .timeLimit(.minutes(1)))
struct TimelineEndToEndTests {
    @Test("t lists the actions with their changes; r rewinds to the typing, the greeting goes; Ctrl-C restores the terminal")
    func rewindToTheTyping() async throws {
        let session = try TmuxSession(command: [mvxBinary, "--pattern", "mvvm"], width: 100, height: 30)
        defer { session.close() }
        try await session.expectScreen(shows: "MVVM · Greeting", "start")
        try await session.expectScreen(shows: "[David", "the model's person in the fields")
        try session.send(keys: "Up", "Up", "End", "BSpace", "BSpace", "BSpace", "BSpace", "BSpace")
        try session.type("Ada")
        try session.send(keys: "Down", "Down", "Enter")
        try await session.expectScreen(shows: "Hello Ada Blaine", "the greeting")

        try session.type("t")
        var screen = try await session.expectScreen(shows: "Timeline · #", "the timeline opens on the newest action")
        #expect(screen.contains("GreetingViewModel.greeting"), "the press changed the view model:\n\(screen)")
        try session.send(keys: "Up")
        screen = try await session.expectScreen(shows: "AppState.person.firstName", "the typing's changes")
        try session.type("r")
        screen = try await session.expectScreen(shows: "a replay, not a restore", "the rewind's own action")
        let module = screen.split(separator: "\n").map { $0.prefix { $0 != "│" } }.joined(separator: "\n")
        #expect(!module.contains("Hello Ada Blaine") && module.contains("[Ada"), "back before the press:\n\(screen)")

        // The replayed keys left the focus in the first-name field, where q is a letter: Ctrl-C quits.
        try session.send(keys: "C-c")
        #expect(try await session.waitForExit() == 0)
        try session.expectTerminalRestored(appHeader: "MVVM")
    }
}
