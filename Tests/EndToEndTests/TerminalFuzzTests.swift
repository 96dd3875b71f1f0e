import Foundation
import TestSupport
import Testing

/// The real binary in a real terminal under a seeded storm: named keys, raw escape sequences,
/// keypad and function keys, pastes bracketed and not (up to 10,000 characters), resizes, and
/// signals it must shrug off (SIGWINCH, SIGPIPE, SIGCONT, SIGCHLD) at random moments, on a slow and
/// failing network. After each storm a key must still be worked off, and Esc and `q` must quit,
/// with the terminal restored.
///
/// Its time limit is five minutes: its own waits give a loaded machine up to a minute to work off
/// a storm, where one takes about ten seconds alone.
@Suite("Terminal fuzz (tmux)", .serialized, .timeLimit(.minutes(5)))
struct TerminalFuzzTests {

    static let names = ["Up", "Down", "Left", "Right", "Enter", "Tab", "BTab", "BSpace", "DC", "Home", "End", "PPage",
                        "NPage", "F1", "F5", "F12", "KP1", "KP2", "KP8", "KP-", "M-q", "M-x", "g", "l", "x", "r", "c",
                        "n", "s", "m", "?", "[", "]", "1", "2", "3", "4", "a"]
    /// ESC O q, ESC [ 1 q, an OSC title, an unknown CSI, an unended CSI, a lone ESC.
    static let sequences: [[UInt8]] = [[0x1B, 0x4F, 0x71], [0x1B, 0x5B, 0x31, 0x71], Array("\u{1B}]0;fuzz\u{07}".utf8),
                                       Array("\u{1B}[99;99~".utf8), [0x1B, 0x5B, 0x33], [0x1B]]

    @Test("a storm of keys, sequences, pastes, resizes and harmless signals; then a key is worked off and q quits",
          arguments: [UInt64(7), 2026])
    func storm(seed: UInt64) async throws {
        var random = SeededGenerator(seed: seed)
        let session = try TmuxSession(command: [mvxBinary, "--latency", "0..300ms", "--fail-rate", "0.3",
                                                "--seed", String(seed)], width: 100, height: 30)
        defer { session.close() }
        let (shown, screen) = try await session.waitUntil(screenContains: "MVC")
        #expect(shown, "mvx did not start:\n\(screen)")
        for _ in 0..<150 {
            switch random.below(20) {
            case 0: try session.resize(width: 40 + random.below(120), height: 10 + random.below(40))
            case 1: try session.signal([SIGWINCH, SIGPIPE, SIGCONT, SIGCHLD][random.below(4)])
            case 2: try session.paste(String(repeating: "q1x张 ", count: random.below(2_000)))
            case 3: try session.type(String(repeating: "a", count: random.below(3_000)))
            case 4, 5: try session.send(bytes: Self.sequences[random.below(Self.sequences.count)])
            default: try session.send(keys: Self.names[random.below(Self.names.count)])
            }
        }
        try session.resize(width: 100, height: 30)
        // The storm is sent far faster than anyone types, and a loaded machine (the full suite runs
        // many terminals at once) works it off slowly: wait until the screen has held still for a
        // whole second, before and after each Esc. An Esc read together with the key after it is
        // Alt-key (a terminal cannot tell them apart), so no key may follow one the app has not read.
        try await waitUntilStill(session)
        // Whatever is open — help, a panel, a text field, a detail — Esc closes it.
        for _ in 0..<3 {
            try session.send(keys: "Escape")
            try await waitUntilStill(session)
        }
        // The storm's keys are all worked off once a key sent after them has its effect: `?` opens
        // the help. A backlog (the source pane once rebuilt its whole trace for every key it did not
        // use) shows as the help not opening within a minute. An Esc that closed nothing leaves the
        // screen still whether or not the app has read it yet; if it had not, it and the `?` arrive
        // together as Alt-? (ignored), so a `?` that shows nothing in ten seconds is sent once more.
        // Then q, which quits from the help too: no Esc before it.
        try session.send(keys: "?")
        var (helped, helpScreen) = try await session.waitUntil(screenContains: "mvx — keys", timeout: .seconds(10))
        if !helped {
            try session.send(keys: "?")
            (helped, helpScreen) = try await session.waitUntil(screenContains: "mvx — keys", timeout: .seconds(50))
        }
        #expect(helped, "a key sent after the storm was not worked off (a backlog of keys?):\n\(helpScreen)")
        try session.send(keys: "q")
        let status = try await session.waitForExit(timeout: .seconds(30))
        let after = try session.capture()
        #expect(status != nil, "q did not quit after the storm:\n\(after)")
        if status != nil { try session.expectTerminalRestored(appHeader: "MVC") }
    }

    /// Returns once two captures a second apart are the same (within a minute): the app has worked
    /// off what it was sent, as far as the screen can tell.
    private func waitUntilStill(_ session: TmuxSession) async throws {
        var last = try session.capture()
        for _ in 0..<60 {
            _ = try await session.waitUntil(timeout: .seconds(1)) { false }
            let now = try session.capture()
            if now == last { return }
            last = now
        }
    }
}
