import Foundation
import Mediator
import PatternVocabulary
import SourceCatalog
import Terminal
import Testing
import Tracing
@testable import Shell

extension HeadlessSession {
    /// The open source panel, as the shell's state holds it now.
    var sourcePanel: SourcePanel { shell.state.panel!.source! }
    /// The event under the source panel's cursor.
    var selectedSourceEvent: TraceEvent? { sourcePanel.selectedEvent(in: traceBuffer) }
    /// The file of that event, prepared for showing.
    var selectedListing: SourceListing? { selectedSourceEvent.flatMap { shell.environment.sources.listing(for: $0.file) } }
}

@MainActor
@Suite("Source pane (s)", .hangWatchdog)
struct SourcePanelTests {
    /// MVP's greeting after Enter on [Show greeting], the trace settled.
    static func greeted(size: Size = Size(width: 120, height: 40), presses: Int = 1) async -> HeadlessSession {
        let session = TestApp.session(size: size, pattern: .mvp)
        await session.settle()
        for _ in 0..<presses { session.press(.enter) }
        await session.settle()
        return session
    }

    /// Presses `s` and returns the panel it opened.
    static func open(_ session: HeadlessSession) throws -> SourcePanel {
        session.press(.character("s"))
        return try #require(session.shell.state.panel?.source)
    }

    /// Presses `s`, then End: the cursor on the newest event (Label.text after a greeting), following it.
    static func openOnNewest(_ session: HeadlessSession) throws -> SourcePanel {
        _ = try open(session)
        session.press(.end)
        return try #require(session.shell.state.panel?.source)
    }

    /// The screen row holding the traced line's marker, with its number.
    static func tracedRow(_ session: HeadlessSession) -> (y: Int, text: String)? {
        for y in 0..<session.screen.size.height where session.screen.row(y).contains("▶") {
            return (y, session.screen.row(y))
        }
        return nil
    }

    /// The style of the cell where `needle` first starts on screen.
    static func style(of needle: String, in session: HeadlessSession) -> Style? {
        for y in 0..<session.screen.size.height {
            let row = session.screen.row(y)
            guard let range = row.range(of: needle) else { continue }
            return session.screen.cell(x: DisplayWidth.of(row[..<range.lowerBound]), y: y).style
        }
        return nil
    }

    /// The text of a source line as the pane starts it: trimmed, its first `count` characters.
    static func start(of event: TraceEvent, count: Int = 28) throws -> String {
        let file = try #require(SourceCatalog.file(fileID: event.file))
        return String(file.lines[event.line - 1].trimmingCharacters(in: .whitespaces).prefix(count))
    }

    @Test("s, End: the newest event, its file, its line marked and highlighted, its call under the cursor")
    func opensOnNewest() async throws {
        let session = await Self.greeted()
        _ = try Self.openOnNewest(session)
        let newest = try #require(session.traceBuffer.events.last)
        #expect(newest.call == "Label.text" && newest.file == "Widgets/Label.swift")
        #expect(session.selectedSourceEvent == newest)
        #expect(session.panelTitle == "Source · \(newest.location)")
        let text = session.text
        #expect(text.contains(" Source · Label.swift:\(newest.line) "), "the pane's title names file and line")
        #expect(text.contains(" Sources/TerminalUI/Widgets/Label.swift"), "the header names the file's path")
        #expect(text.contains("↑↓ step · [ ] ←→ scroll · v lesson · u test · s close"), "the keys are on screen")
        let traced = try #require(Self.tracedRow(session))
        #expect(traced.text.hasPrefix("▶ \(newest.line) ") || traced.text.hasPrefix("▶  \(newest.line) "))
        #expect(traced.text.contains(try Self.start(of: newest)))
        // The highlight fills the code's row; the trace column's cursor is on the same event.
        let traceColumn = SourcePanel.Layout(size: Size(width: 120, height: 37)).trace.minX
        #expect(session.screen.cell(x: 10, y: traced.y).style == ShellTheme.tracedLine)
        #expect(session.screen.cell(x: traceColumn - 3, y: traced.y).style == ShellTheme.tracedLine)
        let cursor = try #require((3..<39).first { session.screen.cell(x: traceColumn + 2, y: $0).style.attributes.contains(.reverse) })
        #expect(session.screen.row(cursor).contains("View Label.text"))
        #expect(!text.contains("[ Show greeting ]"), "the module under the panel is not drawn")
    }

    @Test("after a greeting press, s opens on the pattern's own role method that decides, not on a widget",
          arguments: [(PatternID.mvc, "GreetingViewController.didTapButton"), (.mvp, "GreetingPresenter.showGreeting"),
                      (.mvvm, "GreetingViewModel.showGreeting"), (.viper, "GreetingPresenter.didTapShowGreetingButton")])
    func opensOnTheLesson(pattern: PatternID, call: String) async throws {
        let session = TestApp.session(size: Size(width: 120, height: 40), pattern: pattern)
        await session.settle()
        session.press(.enter)
        await session.settle()
        let press = try #require(session.traceBuffer.entries.last)
        #expect(press.action.label == "Enter on [Show greeting]")
        _ = try Self.open(session)
        let event = try #require(session.selectedSourceEvent)
        #expect(event.call == call, "\(pattern.name): \(press.events.map(\.call))")
        #expect(event.actionID == press.action.id && event.file.hasPrefix(pattern.name + "/"))
        #expect(session.panelTitle == "Source · \(event.location)")
        #expect(try #require(Self.tracedRow(session)).text.contains(try Self.start(of: event)))
        // Opened on an earlier event, the cursor stays there as the trace grows; End follows again.
        #expect(session.sourcePanel.selection == event.sequence)
    }

    @Test("with no pattern code in the trace yet, s opens on the newest event and follows it")
    func opensOnNewestWithoutLesson() {
        let buffer = TraceBuffer()
        buffer.begin(TraceAction(id: 1, label: "one", pattern: "MVC"))
        buffer.record(TraceEvent(sequence: 1, actionID: 1, pattern: "MVC", role: .view, type: "Label",
                                 method: "text", file: "Widgets/Label.swift", line: 11, detail: ""))
        buffer.record(TraceEvent(sequence: 2, actionID: 1, pattern: "MVC", role: .model, type: "AppState",
                                 method: "person", file: "Model/AppState.swift", line: 11, detail: ""))
        #expect(SourcePanel(opening: buffer).selection == nil)
        // A controller method of MVC's own target, in an earlier action, is found there.
        buffer.record(TraceEvent(sequence: 3, actionID: 1, pattern: "MVC", role: .controller, type: "GreetingViewController",
                                 method: "didTapButton()", file: "MVC/GreetingViewController.swift", line: 40, detail: ""))
        buffer.begin(TraceAction(id: 2, label: "two", pattern: "MVC"))
        buffer.record(TraceEvent(sequence: 4, actionID: 2, pattern: "MVC", role: .network, type: "LandingPoint",
                                 method: "cancelAll()", file: "Networking/LandingPoint.swift", line: 35, detail: ""))
        #expect(SourcePanel(opening: buffer).selection == 3)
    }

    @Test("light syntax colouring: keywords, types, attributes, comments and strings in their styles")
    func colouring() async throws {
        let session = await Self.greeted()
        _ = try Self.openOnNewest(session)
        // Label.swift's lines 3-6 are on screen: a doc comment, @MainActor, `package final class Label: View`.
        #expect(Self.style(of: "@MainActor", in: session) == ShellTheme.style(for: .attribute))
        #expect(Self.style(of: "/// Read-only text", in: session) == ShellTheme.style(for: .docComment))
        #expect(Self.style(of: "package final class Label", in: session) == ShellTheme.style(for: .keyword))
        #expect(Self.style(of: "Label: View", in: session) == ShellTheme.style(for: .type))
        #expect(Self.style(of: "\"text = ", in: session) == ShellTheme.tracedLine, "the traced line is one band")
        // Without colours the band still stands out, as does the trace cursor, and keywords stay bold.
        #expect(ColorSupport.none.resolve(ShellTheme.tracedLine).attributes.contains(.reverse))
        #expect(ColorSupport.none.resolve(ShellTheme.style(for: .keyword)).attributes.contains(.bold))
        #expect(ColorSupport.none.resolve(ShellTheme.style(for: .comment)).attributes.contains(.dim))
    }

    @Test("↑↓ step through the events, over action headers, and the code follows; Home, End, PgUp, PgDn")
    func stepping() async throws {
        // Three presses: a trace longer than a page, for PgDn.
        let session = await Self.greeted(presses: 3)
        _ = try Self.openOnNewest(session)
        let entries = session.traceBuffer.entries.filter { !$0.events.isEmpty }
        let enter = try #require(entries.last)
        #expect(enter.action.label == "Enter on [Show greeting]")
        let events = enter.events

        session.press(.up)
        let previous = events[events.count - 2]
        #expect(session.selectedSourceEvent == previous)
        // The label's text did not change on the later presses, so the model's rule is the one before.
        #expect(previous.call == "Person.greetingNames")
        #expect(session.text.contains(" Source · \(previous.location) "))
        #expect(session.text.contains("Sources/Data/Model/Person.swift"))
        #expect(try #require(Self.tracedRow(session)).text.contains(try Self.start(of: previous)))
        session.press(.down)
        #expect(session.selectedSourceEvent == events.last)

        // Up from the action's first event lands on the previous action's last: headers are skipped.
        session.press(Array(repeating: .up, count: events.count - 1))
        #expect(session.selectedSourceEvent == events.first)
        session.press(.up)
        #expect(session.selectedSourceEvent == entries[entries.count - 2].events.last)

        session.press(.home)
        #expect(session.selectedSourceEvent == entries.first?.events.first)
        session.press(.up)
        #expect(session.selectedSourceEvent == entries.first?.events.first, "the first event stays selected")
        session.press(.pageDown)
        let all = entries.flatMap(\.events)
        let paged = try #require(session.selectedSourceEvent)
        let page = try #require(all.firstIndex(of: paged))
        #expect(page > 10, "PgDn moves a page of the trace")
        session.press(.pageUp)
        #expect(session.selectedSourceEvent == all.first)
        session.press(.end)
        #expect(session.selectedSourceEvent == all.last)
        session.press(.down)
        #expect(session.selectedSourceEvent == all.last)
    }

    @Test("[ ] scroll the code and ← → its long lines; stepping to another event brings the traced line back")
    func scrolling() async throws {
        let session = await Self.greeted()
        _ = try Self.openOnNewest(session)
        let start = session.text
        let traced = try #require(Self.tracedRow(session))
        session.press(.character("]"))
        #expect(session.sourcePanel.sourceOffset > 0)
        #expect(Self.tracedRow(session).map(\.y) != traced.y, "the code moved; the traced line with it")
        session.press(.character("["))
        #expect(session.text == start)
        session.press(.character("["), .character("["), .character("["))
        #expect(session.sourcePanel.sourceOffset == -2, "the code stops at the file's first line (the traced line is its 11th)")
        #expect(session.screen.row(4).hasPrefix("   1  import Terminal"), "below the path and the note")
        session.press(.up, .down)
        #expect(session.text == start, "back on the event, back to its line")

        session.press(.right)
        #expect(session.sourcePanel.column == SourcePanel.columnStep)
        #expect(session.text != start)
        #expect(try #require(Self.tracedRow(session)).text.contains("…"), "a line cut at the left says so")
        session.press(.left)
        #expect(session.text == start)
        session.press(Array(repeating: .right, count: 40))
        #expect(session.sourcePanel.column < 80, "← → stop where the longest shown line ends")

        session.press(.character("]"), .right, .up, .down)
        #expect(session.sourcePanel.sourceOffset == 0 && session.sourcePanel.column == 0)
        #expect(session.text == start)
    }

    @Test("an event whose file is not embedded, or whose line is not in it, says so in one line")
    func missingSource() async throws {
        let session = await Self.greeted()
        let buffer = session.traceBuffer
        buffer.begin(TraceAction(id: 900_000, label: "a call from elsewhere", pattern: "MVP"))
        buffer.record(TraceEvent(sequence: 900_001, actionID: 900_000, pattern: "MVP", role: .view, type: "Gone",
                                 method: "vanish()", file: "Elsewhere/Gone.swift", line: 7, detail: ""))
        buffer.record(TraceEvent(sequence: 900_002, actionID: 900_000, pattern: "MVP", role: .view, type: "Label",
                                 method: "text", file: "Widgets/Label.swift", line: 99_999, detail: ""))
        _ = try Self.openOnNewest(session)
        let lines = SourceListing(file: try #require(SourceCatalog.file(fileID: "Widgets/Label.swift"))).lineCount
        #expect(session.text.contains(" Label.swift has \(lines) lines; the trace names line 99999."))
        session.press(.up)
        #expect(session.panelTitle == "Source · Gone.swift:7")
        #expect(session.text.contains(" No source for Elsewhere/Gone.swift: it is not built into mvx."))
        #expect(Self.tracedRow(session) == nil)
        #expect(session.text.contains("Gone.vanish"), "the trace column still lists it")
    }

    @Test("Esc and s close; the shell's keys still work; other keys stay in the panel")
    func closing() async throws {
        let session = await Self.greeted()
        _ = try Self.open(session)
        let shown = session.text
        session.press(.enter, .character("z"), .backspace)
        #expect(session.shell.state.panel?.source != nil)
        #expect(session.text == shown, "keys the panel does not use never reach the hidden module")
        session.press(.escape)
        #expect(session.shell.state.panel == nil)
        #expect(session.text.contains("─ Trace ") && session.text.contains("Hello David Blaine"))
        _ = try Self.open(session)
        session.press(.character("s"))
        #expect(session.shell.state.panel == nil)

        _ = try Self.open(session)
        session.press(.character("?"))
        #expect(session.shell.state.isHelpVisible && session.text.contains("source: the code behind each trace line"))
        session.press(.escape)
        #expect(!session.shell.state.isHelpVisible && session.shell.state.panel?.source != nil, "Esc closed the help only")
        session.press(.character("q"))
        #expect(session.shell.state.shouldQuit)
    }

    @Test("the cursor follows new events while on the newest, and stays on its event otherwise")
    func live() async throws {
        let session = await Self.greeted()
        _ = try Self.openOnNewest(session)
        session.press(.character("1"))  // the shell switches to MVC under the panel
        await session.settle()
        session.shell.render()
        #expect(session.shell.state.pattern == .mvc)
        #expect(session.selectedSourceEvent == session.traceBuffer.events.last)
        #expect(SourcePanel.TraceRows(session.traceBuffer).rows.contains(.action(try #require(session.traceBuffer.entries.last?.action))))
        session.press(.up)
        let kept = try #require(session.selectedSourceEvent)
        session.press(.character("3"))
        await session.settle()
        session.shell.render()
        #expect(session.shell.state.pattern == .mvvm)
        #expect(session.selectedSourceEvent == kept)
        session.press(.end)
        #expect(session.selectedSourceEvent == session.traceBuffer.events.last)
    }

    @Test("on its own trace: empty says so; keys are handled, passed on or close; a trimmed event's cursor falls to the oldest left")
    func trimmedTrace() {
        let buffer = TraceBuffer(capacity: 4)
        func record(_ sequence: UInt64, in action: UInt64) {
            buffer.record(TraceEvent(sequence: sequence, actionID: action, pattern: "MVC", role: .view, type: "Label",
                                     method: "text", file: "Widgets/Label.swift", line: 11, detail: "#\(sequence)"))
        }
        let screen = MemoryScreen(size: Size(width: 100, height: 20))
        let canvas = Canvas(screen: screen, bounds: Rect(x: 0, y: 0, width: 100, height: 20))
        let context = PanelContext(size: screen.size, trace: buffer, network: TestApp.network(clock: ContinuousClock()),
                                   moduleHasTextFocus: false, sources: SourceListings())
        var early = SourcePanel()
        early.draw(into: canvas, context: context)
        #expect(screen.text.contains("Nothing is traced yet.") && early.title(in: context) == "Source")
        #expect(early.handle(.up, in: context) == .consumed && early.handle(.character("j"), in: context) == .consumed)
        #expect(early.handle(.character("q"), in: context) == .passOn && early.handle(.tab, in: context) == .passOn)
        #expect(early.handle(.escape, in: context) == .close && early.handle(.character("s"), in: context) == .close)

        buffer.begin(TraceAction(id: 1, label: "one", pattern: "MVC"))
        record(1, in: 1)
        record(2, in: 1)
        buffer.begin(TraceAction(id: 2, label: "two", pattern: "MVC"))
        record(3, in: 2)
        var panel = SourcePanel()
        #expect(panel.selectedEvent(in: buffer)?.sequence == 3)
        _ = panel.handle(.up, in: context)
        _ = panel.handle(.up, in: context)
        #expect(panel.selectedEvent(in: buffer)?.sequence == 1)
        buffer.begin(TraceAction(id: 3, label: "three", pattern: "MVC"))
        record(4, in: 3)
        record(5, in: 3)  // over capacity: action one and its two events go
        panel.draw(into: canvas, context: context)
        #expect(panel.selectedEvent(in: buffer)?.sequence == 3, "the oldest event left")
        #expect(SourcePanel.TraceRows(buffer).rows.first == .action(TraceAction(id: 2, label: "two", pattern: "MVC")))
        early.draw(into: canvas, context: context)
        #expect(early.selectedEvent(in: buffer)?.sequence == 5, "a panel opened on an empty trace follows the newest")
    }

    @Test("beside the trace from 100 columns, above it below that; the parts never overlap", arguments: [
        Size(width: 64, height: 13), Size(width: 80, height: 21), Size(width: 99, height: 27), Size(width: 100, height: 27),
        Size(width: 120, height: 37), Size(width: 250, height: 60), Size(width: 3, height: 2),
    ])
    func layout(size: Size) {
        let layout = SourcePanel.Layout(size: size)
        #expect(layout.isStacked == (size.width < 100))
        let parts = [layout.header, layout.note, layout.source, layout.divider, layout.trace]
        #expect(parts.reduce(0) { $0 + $1.width * $1.height } == size.width * size.height, "they tile the body")
        for (index, part) in parts.enumerated() {
            for other in parts[(index + 1)...] { #expect(part.intersection(other).isEmpty) }
        }
        if size.width >= 64 {
            #expect(layout.source.height >= 7 && layout.trace.height >= 3)
            #expect(layout.source.width >= layout.trace.width, "the code gets the room")
        }
    }

    @Test("a long path keeps its end")
    func keepingEnd() {
        #expect(SourcePanel.keepingEnd(of: "Sources/Patterns/MVP/Greeting/File.swift", width: 20) == "…Greeting/File.swift")
        #expect(SourcePanel.keepingEnd(of: "short", width: 20) == "short")
        #expect(SourcePanel.keepingEnd(of: "abc", width: 0) == "")
    }

    @Test("a bar marks the method the traced line is in, and all of a method that fits is shown")
    func methodBar() async throws {
        let session = await Self.greeted()
        _ = try Self.openOnNewest(session)
        func bar(onRowWith needle: String) -> Bool {
            guard let row = (0..<40).map({ session.screen.row($0) }).first(where: { $0.contains(needle) }) else { return false }
            return row.prefix(6).hasSuffix("│")
        }
        // Label.text's didSet, lines 9-16: the observer the trace call sits in.
        #expect(bar(onRowWith: "▶"))
        #expect(bar(onRowWith: "didSet {") && bar(onRowWith: "guard text != oldValue"))
        #expect(!bar(onRowWith: "public var text: String {"), "the property around it is not the method")
        #expect(!bar(onRowWith: "/// How the text looks."))
        let traced = try #require(Self.tracedRow(session))
        #expect(session.screen.cell(x: 5, y: traced.y).style == ShellTheme.methodBar)

        // At 80×24 the code has 13 rows: a method longer than the context below its trace line
        // still shows whole, signature to closing brace.
        let small = await Self.greeted(size: Size(width: 80, height: 24))
        _ = try Self.open(small)  // s opens on GreetingPresenter.showGreeting
        let event = try #require(small.selectedSourceEvent)
        #expect(event.call == "GreetingPresenter.showGreeting")
        let method = try #require(small.selectedListing?.enclosingBlock(ofLine: event.line))
        #expect(method.count > 5 && method.count <= 13)
        let listing = try #require(small.selectedListing)
        let shown = (3..<16).map { small.screen.row($0) }
        #expect(shown.contains { $0.contains(listing.lines[method.lowerBound - 1].trimmingCharacters(in: .whitespaces)) })
        #expect(shown.contains { $0.hasPrefix(String(format: "%4d │", method.upperBound)) })
    }

    static func fixture(_ name: String) throws -> SourceFile {
        try #require(SourceCatalog.fixtures(under: "Tests/Fixtures/SourcePane/").first { $0.name == name })
    }

    @Test("the method marked: the innermost declaration with a body, from the index; stored properties are not one")
    func enclosingBlock() throws {
        // Tests/Fixtures/SourcePane/Blocks.swift
        let listing = SourceListing(file: try Self.fixture("Blocks.swift"))
        #expect(listing.enclosingBlock(ofLine: 4) == 3...7)
        #expect(listing.enclosingBlock(ofLine: 5) == 3...7, "a closure is part of its method")
        #expect(listing.enclosingBlock(ofLine: 8) == 8...8, "a one-line method")
        #expect(listing.enclosingBlock(ofLine: 2) == 1...12, "a stored property: the type around it")
        #expect(listing.enclosingBlock(ofLine: 10) == 9...11, "a computed property")
        #expect(listing.enclosingBlock(ofLine: 13) == nil)
        #expect(listing.enclosingBlock(ofLine: 14) == nil)
    }

    @Test("a listing cuts the index's runs out of each line, then expands tabs by display column")
    func listing() throws {
        // Tests/Fixtures/SourcePane/Tabs.swift
        let listing = SourceListing(file: try Self.fixture("Tabs.swift"))
        #expect(listing.lineCount == 4, "the final line break makes no extra line")
        #expect(listing.lines[1] == "    still */ let x = 1")
        #expect(listing.lines[2] == "let 张  = \"a    b\"", "a wide character takes two of the tab's four columns")
        #expect(listing.tokens(ofLine: 2).first == ColouredToken(text: "    still */", kind: .comment))
        #expect(listing.tokens(ofLine: 2).map(\.kind) == [.comment, .plain, .keyword, .plain, .number])
        #expect(listing.tokens(ofLine: 3).map(\.text).joined() == listing.lines[2], "the tokens spell the line")
        #expect(listing.tokens(ofLine: 3).last == ColouredToken(text: "\"a    b\"", kind: .string),
                "a tab inside a token is expanded by the column the line has reached")
        #expect(listing.tokens(ofLine: 4) == [ColouredToken(text: "@MainActor", kind: .attribute), ColouredToken(text: " ", kind: .plain),
                                               ColouredToken(text: "func", kind: .keyword), ColouredToken(text: " f() {}", kind: .plain)])
        #expect(listing.tokens(ofLine: 0).isEmpty && listing.tokens(ofLine: 5).isEmpty)
    }
}

@MainActor
@Suite("Golden screens: source pane", .hangWatchdog)
struct SourcePanelGoldenTests {
    @Test("MVP greeting after Enter, s: at 120×40 (side by side) and 80×24 (stacked)", arguments: [
        Size(width: 120, height: 40), Size(width: 80, height: 24),
    ])
    func greeting(size: Size) async throws {
        let session = await SourcePanelTests.greeted(size: size)
        _ = try SourcePanelTests.open(session)
        Golden.assert(session.text, matches: "source-mvp-greeting-\(size.width)x\(size.height)")
        session.press(.up)
        Golden.assert(session.text, matches: "source-mvp-greeting-up-\(size.width)x\(size.height)")
    }
}
