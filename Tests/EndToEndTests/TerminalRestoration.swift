import Testing

extension TmuxSession {
    /// Checks how the program left the terminal after it exited: tty modes exactly as found (echo,
    /// canonical input, signals…), normal screen, cursor visible, keypad off — and no app left on
    /// screen (`header` is text the app's header shows).
    func expectTerminalRestored(appHeader header: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let before = try #require(sttyBefore, sourceLocation: sourceLocation)
        let after = try #require(sttyAfter, sourceLocation: sourceLocation)
        let modesAfter = Set(after.split(whereSeparator: { " ;\n".contains($0) }).map(String.init))
        #expect(modesAfter.contains("echo") && modesAfter.contains("icanon"),
                "echo/icanon not restored:\n\(after)", sourceLocation: sourceLocation)
        // The first line holds speed and size; the rest are the modes, which must match exactly.
        #expect(after.split(separator: "\n").dropFirst() == before.split(separator: "\n").dropFirst(),
                "tty modes differ from before:\n\(before)\n---\n\(after)", sourceLocation: sourceLocation)

        let modes = try paneModes()
        #expect(!modes.alternateScreen, "alternate screen still on", sourceLocation: sourceLocation)
        #expect(modes.cursorVisible, "cursor still hidden", sourceLocation: sourceLocation)
        #expect(!modes.keypad, "keypad transmit mode still on", sourceLocation: sourceLocation)
        #expect(try !mouseReportingIsOn(), "mouse reporting still on: clicks would print as text",
                sourceLocation: sourceLocation)

        let screen = try capture()
        let marked = screen.contains(TmuxSession.exitMarker)
        #expect(marked, "wrapper marker not on screen:\n\(screen)", sourceLocation: sourceLocation)
        #expect(!screen.contains("MVC │") && !screen.contains(header + " "),
                "the app is still on screen:\n\(screen)", sourceLocation: sourceLocation)
    }
}
