import Foundation
import Testing

/// The source pane (`s`) in a real terminal: the code behind the trace, from the sources the
/// build embedded — also with the binary moved away from the checkout, as `make install` does.
@Suite("Source pane (tmux)", .serialized,
       .enabled(if: TmuxSession.isAvailable, "tmux is not installed; end-to-end terminal tests need it"),
       .timeLimit(.minutes(1)))
struct SourcePaneEndToEndTests {
    /// The SGR parameter lists (`1;38;5;176`) written on the row of `screen` that contains `needle`,
    /// read from `styled`, the same screen captured with its escape sequences.
    static func styles(onRowWith needle: String, of screen: String, in styled: String) -> [[String]] {
        let rows = screen.split(separator: "\n", omittingEmptySubsequences: false)
        let styledRows = styled.split(separator: "\n", omittingEmptySubsequences: false)
        guard let index = rows.firstIndex(where: { $0.contains(needle) }), index < styledRows.count else { return [] }
        return styledRows[index].matches(of: #/\x1B\[([0-9;]*)m/#).map { $0.1.split(separator: ";", omittingEmptySubsequences: false).map(String.init) }
    }

    /// Whether one of the SGR lists turns on `attribute` (7 reverse, 1 bold), colour arguments skipped.
    static func turnsOn(_ attribute: String, in lists: [[String]]) -> Bool {
        lists.contains { parameters in
            var index = 0
            while index < parameters.count {
                let parameter = parameters[index]
                if parameter == "38" || parameter == "48" {
                    index += parameters.indices.contains(index + 1) && parameters[index + 1] == "2" ? 5 : 3
                    continue
                }
                if parameter == attribute { return true }
                index += 1
            }
            return false
        }
    }

    /// Greets in MVP, opens the source pane, steps up, closes it and quits.
    private func greetAndReadTheSource(_ session: TmuxSession) async throws {
        try await session.expectScreen(shows: "MVP · Greeting", "start on MVP")
        try await session.expectScreen(shows: "wire the button and the fields", "the module is built")
        try session.send(keys: "Enter")
        try await session.expectScreen(shows: "Hello David Blaine", "greet")

        try session.type("s")
        try await session.expectScreen(shows: "Source · GreetingPresenter.swift:", "s opens on the presenter's method")
        try await session.expectScreen(shows: "@Traced(.presenter, self, \"build the greeting\")", "the role's code")
        try session.send(keys: "End")
        try await session.expectScreen(shows: "Source · Label.swift:", "End goes to the newest event")
        var screen = try await session.expectScreen(shows: "@Traced(.view, self, \"text = ", "with the traced code under it")
        #expect(screen.contains("Sources/TerminalUI/Widgets/Label.swift"), "the file's path:\n\(screen)")
        let traced = screen.split(separator: "\n").first { $0.contains("▶") }
        #expect(traced?.contains("@Traced(.view, self, \"text = ") == true, "the traced line is marked:\n\(screen)")
        let styled = try session.captureWithStyles()
        #expect(Self.turnsOn("7", in: Self.styles(onRowWith: "▶", of: screen, in: styled)),
                "the traced line is in reverse video:\n\(styled.debugDescription)")
        #expect(Self.styles(onRowWith: "package final class Label", of: screen, in: styled).contains { $0.contains("176") },
                "keywords are coloured:\n\(styled.debugDescription)")

        try session.send(keys: "Up")
        try await session.expectScreen(shows: "Source · GreetingViewController.swift:", "↑ steps to the view")
        // The header is drawn before the code under it: wait for the frame's code too, or a capture
        // taken between the two shows the new header over the old file.
        screen = try await session.expectScreen(shows: "@Traced(.view, self, \"label ← greeting\")", "the code follows")
        #expect(screen.contains("Sources/Patterns/MVP/Greeting/GreetingViewController.swift"))
        let stepped = screen.split(separator: "\n").first { $0.contains("▶") }
        #expect(stepped?.contains("@Traced(.view, self, \"label ← greeting\")") == true, "the code followed:\n\(screen)")

        try session.type("s")
        try await session.expectScreen(shows: "─ Trace ", "s closes the pane")
        try session.type("q")
        #expect(try await session.waitForExit() == 0)
        let before = try #require(session.sttyBefore), after = try #require(session.sttyAfter)
        #expect(after.split(separator: "\n").dropFirst() == before.split(separator: "\n").dropFirst(), "tty modes restored")
        let modes = try session.paneModes()
        #expect(!modes.alternateScreen && modes.cursorVisible && !modes.keypad, "the terminal is restored")
    }

    @Test("s shows the presenter's code, End the newest event's, its line highlighted; ↑ steps and the code follows; s closes; q quits cleanly")
    func sourcePane() async throws {
        // --theme dark: the keyword colour checked is the dark theme's, whatever tmux says of its background.
        let session = try TmuxSession(command: [mvxBinary, "--pattern", "mvp", "--latency", "0", "--theme", "dark"], width: 120, height: 40)
        defer { session.close() }
        try await greetAndReadTheSource(session)
    }

    @Test("the sources travel in the binary: a copy run far from the checkout shows them too")
    func installedBinary() async throws {
        let built = URL(fileURLWithPath: mvxBinary)
        let place = FileManager.default.temporaryDirectory.appendingPathComponent("mvx-installed-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: place) }
        let bin = place.appendingPathComponent("bin"), elsewhere = place.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        // What `make install` puts in place: the binary alone (sources and fixtures are embedded).
        // cp writes the copy in a process of its own: a descriptor open for writing here could be
        // inherited by a child another test forks meanwhile, and exec would fail "Text file busy".
        let copy = try TmuxSession.run(["/bin/cp", built.path, bin.path + "/"])
        try #require(copy.status == 0, "cp failed: \(copy.error)")

        let script = "cd \(TmuxSession.shellQuote(elsewhere.path)) && exec ./../bin/mvx --pattern mvp --latency 0 --theme dark"
        let session = try TmuxSession(command: ["/bin/sh", "-c", script], width: 120, height: 40)
        defer { session.close() }
        try await greetAndReadTheSource(session)
    }
}
