import Foundation
import Testing

/// The mouse in a real terminal (issue 12 §4): clicks on a tab, the greeting's button and a list
/// row, a double click that opens a row, the wheel over the trace pane; and `--no-mouse`, which
/// never turns mouse reporting on, so the terminal's own selection keeps working.
@Suite("Mouse (tmux)", .serialized,
       .enabled(if: TmuxSession.isAvailable, "tmux is not installed; end-to-end terminal tests need it"),
       .timeLimit(.minutes(1)))
struct MouseEndToEndTests {
    @Test func clickTabsAButtonAndRowsAndScrollTheTrace() async throws {
        let session = try TmuxSession(command: [mvxBinary, "--latency", "0"], width: 100, height: 30)
        defer { session.close() }
        try await session.expectScreen(shows: "wire the button and the fields", "the module is built")
        #expect(session.mouseReportingWasOn)
        #expect(try session.mouseReportingIsOn())

        let button = try #require(try session.cell(of: "[ Show greeting ]"))
        try session.click(x: button.x + 2, y: button.y)
        try await session.expectScreen(shows: "Hello David Blaine", "the button clicked")
        try await session.expectScreen(shows: "▸ Click", "the click is the action in the trace")

        let tab = try #require(try session.cell(of: "3 MVVM"))
        try session.click(x: tab.x, y: tab.y)
        try await session.expectScreen(shows: "MVVM · Greeting", "the pattern tab clicked")
        let screenTab = try #require(try session.cell(of: "l Listings"))
        try session.click(x: screenTab.x + 2, y: screenTab.y)
        try await session.expectScreen(shows: "MVVM · Listings", "the screen tab clicked")
        try await session.expectScreen(shows: "Sunshine Garden", "the first rent page")

        let second = try #require(try session.cell(of: "Sunshine Garden"))
        try session.click(x: second.x, y: second.y)
        try await session.expectScreen(shows: "▸ Sunshine Garden", "the row clicked is selected")
        // A double click on another row (another cell: no double click with the click before).
        let first = try #require(try session.cell(of: "龙湖天街27号楼"))
        try session.click(x: first.x, y: first.y)
        try session.click(x: first.x, y: first.y)
        try await session.expectScreen(shows: "From the rent API", "the row double-clicked opens")
        try session.send(keys: "Escape")
        try await session.expectScreen(shows: "[Rent]", "back on the list")

        let trace = try #require(try session.cell(of: "Trace"))
        try session.mouse(button: 64, x: trace.x + 4, y: 12)
        try await session.expectScreen(shows: "] newest", "the wheel scrolled the trace pane back")
        try session.mouse(button: 65, x: trace.x + 4, y: 12)
        let (back, screen) = try await session.waitUntil(screenContains: "· [ earlier")
        #expect(back, "the wheel scrolled the trace pane forth again:\n\(screen)")

        try session.type("q")
        #expect(try await session.waitForExit() == 0)
        // Reporting off again on the way out.
        #expect(String(decoding: session.output, as: UTF8.self).contains(/\x1B\[\?1000l/))
    }

    @Test("a terminal whose terminfo names no mouse (vt100) gets no mouse sequence at all")
    func terminalWithoutMouse() async throws {
        let session = try TmuxSession(command: [mvxBinary, "--latency", "0"], width: 100, height: 30,
                                      environment: ["TERM": "vt100"])
        defer { session.close() }
        try await session.expectScreen(shows: "wire the button and the fields", "the module is built")
        try session.type("q")
        #expect(try await session.waitForExit() == 0)
        #expect(!session.mouseReportingWasOn)
        #expect(!String(decoding: session.output, as: UTF8.self).contains("\u{1B}[?1006"))
    }

    @Test func noMouseLeavesReportingOff() async throws {
        let session = try TmuxSession(command: [mvxBinary, "--latency", "0", "--no-mouse"], width: 100, height: 30)
        defer { session.close() }
        try await session.expectScreen(shows: "wire the button and the fields", "the module is built")
        try session.type("q")
        #expect(try await session.waitForExit() == 0)
        #expect(!session.mouseReportingWasOn)
        #expect(!session.output.isEmpty)  // the log did record the run
    }
}
