import PatternVocabulary
import Terminal
import Testing
import Tracing
@testable import Shell

/// The trace pane's page rule (`TracePane.follow`) on hand-made traces, and what a key press
/// changes on screen through a headless shell: only the new lines, and nothing for a key that
/// changes nothing.
@MainActor
@Suite("Trace pane pages", .hangWatchdog)
struct TracePaneTests {
    /// A pane 40 columns wide: every test event below is one line there.
    static let pane = Size(width: 40, height: 10)

    /// A trace of actions with `events[i]` one-line events each, action ids from 1.
    static func trace(_ events: [Int]) -> [TraceBuffer.Entry] {
        let buffer = TraceBuffer()
        for (index, count) in events.enumerated() {
            let id = UInt64(index + 1)
            buffer.begin(TraceAction(id: id, label: "action \(id)", pattern: "MVC"))
            for sequence in 0..<count { buffer.record(event(action: id, sequence: sequence)) }
        }
        return buffer.entries
    }

    static func event(action: UInt64, sequence: Int) -> TraceEvent {
        TraceEvent(sequence: UInt64(sequence), actionID: action, pattern: "MVC", role: .view, type: "Label",
                   method: "text", file: "Widgets/Label.swift", line: 1, detail: "")
    }

    @Test("the first page starts at the first action, and stays while the lines fit")
    func fillsDownwards() throws {
        let first = try #require(TracePane.follow(nil, Self.trace([3]), size: Self.pane))
        #expect(first == TraceAnchor(action: 1, event: -1))
        // 4 + 4 + 2 lines: exactly the pane's 10 rows, so the page does not move.
        #expect(TracePane.follow(first, Self.trace([3, 3, 1]), size: Self.pane) == first)
        #expect(TracePane.liveLineCount(Self.trace([3, 3, 1]), from: first, width: 40, limit: 10) == 10)
    }

    @Test("when the newest line no longer fits, the newest action's header jumps to the top")
    func jumpsToTheNewestAction() {
        let anchor = TraceAnchor(action: 1, event: -1)
        #expect(TracePane.follow(anchor, Self.trace([3, 3, 2]), size: Self.pane) == TraceAnchor(action: 3, event: -1))
        // An action that grew past the bottom (its late async events) is the newest: it goes to the top.
        #expect(TracePane.follow(anchor, Self.trace([3, 7]), size: Self.pane) == TraceAnchor(action: 2, event: -1))
    }

    @Test("an action longer than the pane shows the end of it that fills the pane")
    func longAction() throws {
        let anchor = try #require(TracePane.follow(nil, Self.trace([30]), size: Self.pane))
        // 10 rows for the last ten events: events 20...29.
        #expect(anchor == TraceAnchor(action: 1, event: 20))
        #expect(TracePane.liveLineCount(Self.trace([30]), from: anchor, width: 40, limit: 10) == 10)
        // One more event moves it by one; the next action starts a page of its own.
        #expect(TracePane.follow(anchor, Self.trace([31]), size: Self.pane) == TraceAnchor(action: 1, event: 21))
        #expect(TracePane.follow(anchor, Self.trace([30, 3]), size: Self.pane) == TraceAnchor(action: 2, event: -1))
    }

    @Test("an anchor whose action has left the buffer is replaced")
    func forgottenAnchor() {
        let entries = Array(Self.trace([3, 2]).dropFirst())
        #expect(TracePane.follow(TraceAnchor(action: 1, event: -1), entries, size: Self.pane) == TraceAnchor(action: 2, event: -1))
        #expect(TracePane.follow(TraceAnchor(action: 1, event: -1), [], size: Self.pane) == nil)
    }

    @Test("the live page draws from its anchor; [ shows the lines above it")
    func drawsFromTheAnchor() {
        let screen = MemoryScreen(size: Self.pane)
        let canvas = Canvas(screen: screen, bounds: Rect(origin: .zero, size: Self.pane))
        let entries = Self.trace([3, 3, 2])
        let anchor = TracePane.follow(TraceAnchor(action: 1, event: -1), entries, size: Self.pane)
        TracePane.draw(entries, anchor: anchor, scroll: 0, in: canvas)
        #expect(screen.row(0).hasPrefix("▸ action 3"))
        #expect(screen.row(3).trimmingCharacters(in: .whitespaces).isEmpty, "the rest of the page is free")
        #expect(TracePane.maxScroll(entries, anchor: anchor, size: Self.pane, limit: 100) == 8)
        // 12 lines: action 1 (4), action 2 (4), the live page's action 3 (3) and nothing below.
        screen.erase()
        TracePane.draw(entries, anchor: anchor, scroll: 4, in: canvas)
        #expect(screen.row(0).hasPrefix("▸ action 2"), "four lines above the live page's top")
        #expect(!screen.contains("more"), "everything below fits")
        screen.erase()
        TracePane.draw(entries, anchor: anchor, scroll: 8, in: canvas)
        #expect(screen.row(0).hasPrefix("▸ action 1"))
        #expect(screen.row(9).contains("↓ 1 more"))
    }

    // MARK: - Through the shell

    @Test("a greeting press rewrites no row of the trace pane it had drawn, in every pattern",
          arguments: PatternID.allCases)
    func pressAppendsOnly(pattern: PatternID) async throws {
        let app = TestApp.session(pattern: pattern)
        await app.settle()
        app.screen.tracksChanges = true
        app.shell.render()
        let layout = ShellLayout(size: app.screen.size)
        let before = (layout.trace.minY..<layout.trace.maxY).map { app.screen.row($0, columns: layout.trace.minX..<layout.trace.maxX) }
        let anchor = app.shell.state.traceAnchor
        let used = before.lastIndex { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.map { $0 + 1 } ?? 0
        app.press(.enter)
        await app.settle()
        #expect(app.screen.contains("Hello"))
        let after = (layout.trace.minY..<layout.trace.maxY).map { app.screen.row($0, columns: layout.trace.minX..<layout.trace.maxX) }
        if app.shell.state.traceAnchor == anchor {
            #expect(Array(after.prefix(used)) == Array(before.prefix(used)), "the rows above the new lines stay")
        } else {
            // A jump puts the press at the top, unless it is longer than the pane (VIPER's at 80×24).
            let press = try TraceLines.lines(for: #require(app.traceBuffer.entries.last), width: layout.trace.width)
            #expect(after[0].hasPrefix("▸ Enter on [Show greeting]") || press.count > layout.trace.height)
        }
    }

    @Test("a key that changes nothing changes no cell", arguments: ["z", "left-on-the-first-source"])
    func noOpKey(key: String) async {
        let app = TestApp.session(pattern: key == "z" ? .mvc : .mvp, screen: key == "z" ? .greeting : .listings)
        await app.settle()
        app.screen.tracksChanges = true
        app.shell.render()
        let frames = app.shell.frameCount
        app.press(key == "z" ? .character("z") : .left)  // ←: Rent is the first source already
        await app.settle()
        #expect(app.shell.frameCount > frames, "the key was handled and a frame drawn")
        #expect(app.screen.lastChanges.cells == 0, "rows \(app.screen.lastChanges.rows) changed:\n\(app.text)")
        #expect(!app.screen.lastChanges.cursorMoved)
    }
}

@Suite("Trace pane indentation")
struct TraceIndentationTests {
    static func event(depth: Int) -> TraceEvent {
        TraceEvent(sequence: UInt64(depth + 1), actionID: 1, pattern: "MVP", role: .view, type: "Label", method: "text",
                   file: "Widgets/Label.swift", line: 1, detail: "", caller: depth == 0 ? nil : UInt64(depth), depth: depth)
    }

    @Test("an event is indented by its call depth: two columns a level, one in a narrow pane, at most a third of it")
    func indentsByCallDepth() {
        func leading(_ depth: Int, width: Int) -> Int {
            let text = TraceLines.lines(for: Self.event(depth: depth), width: width)[0].text
            return text.prefix { $0 == " " }.count
        }
        #expect([0, 1, 2, 3].map { leading($0, width: 80) } == [1, 3, 5, 7])
        #expect([0, 1, 2, 3].map { leading($0, width: 40) } == [1, 2, 3, 4])
        #expect(leading(40, width: 80) == 1 + 80 / 3)
        // The same role at another depth is indented differently: the depth, not the role, decides.
        #expect(leading(0, width: 80) != leading(2, width: 80))
    }
}
