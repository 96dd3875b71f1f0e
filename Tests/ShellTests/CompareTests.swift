import Clocks
import Mediator
import PatternVocabulary
import Terminal
import Testing
import Tracing
@testable import Shell

@MainActor
@Suite("Compare (c)", .hangWatchdog)
struct CompareTests {
    /// A session with the replay runner the app gives its shell.
    static func session(size: Size = Size(width: 120, height: 40), pattern: PatternID = .mvp,
                        screen: ScreenID = .greeting) -> HeadlessSession {
        let session = TestApp.session(size: size, pattern: pattern, screen: screen)
        session.shell.replayer = TestApp.replayRunner()
        return session
    }

    /// Presses `c` and waits for the four replays.
    static func openCompare(_ session: HeadlessSession) async throws -> ComparePanel {
        session.press(.character("c"))
        _ = try #require(session.shell.state.panel?.compare)
        await session.shell.replayed()
        session.shell.renderIfNeeded()
        return try #require(session.shell.state.panel?.compare)
    }

    @Test("the shell records the keys sent to the screen, leaves its own commands out, and starts again on a new screen")
    func keysOnScreen() async {
        let session = Self.session()
        session.press(.up, .up)
        session.type("A[")  // in the text field even [ is typed
        session.press(.down, .down, .character("["), .character("?"), .escape, .character("c"))
        #expect(session.shell.state.keysOnScreen == [.up, .up, .character("A"), .character("["), .down, .down],
                "on the button [ ? c are the shell's; the Esc that closes help never reaches the module")
        #expect(session.shell.state.keysOnScreen.last == .down, "c opens compare; it is not replayed")
        session.press(.escape)
        session.press(.character("l"))
        #expect(session.shell.state.keysOnScreen.isEmpty)
    }

    @Test("a change of network type in the inspector is compared: every replay ends on the notification and its catcher")
    func networkTypeChange() async throws {
        let session = Self.session(pattern: .mvp, screen: .listings)
        await session.settle()
        let n = Key.character("n"), y = Key.character("y")
        session.press(n, y, y, .down, y)  // Wi-Fi → 4G → 3G, a row down, → 2G
        #expect(session.shell.state.keysOnScreen == [n, y, n, n, y, n, .down, n, y, n],
                "each change recorded as the inspector keys that redo it from where a replay is")
        session.press(n)
        let panel = try await Self.openCompare(session)
        let columns = try #require(panel.columns)
        let catchers: [PatternID: Role] = [.mvc: .controller, .mvp: .presenter, .mvvm: .viewModel, .viper: .interactor]
        #expect(columns.count == 4)
        for column in columns {
            let events = column.entry?.events ?? []
            #expect(column.entry?.action.label == "y in the network inspector", "\(column.pattern.name)")
            #expect(events.contains { $0.role == .notification && $0.detail.hasSuffix("3G → 2G") }, "\(column.pattern.name)")
            #expect(events.filter { $0.detail == "network type → 2G" && $0.role != .network }.map(\.role)
                    == [catchers[column.pattern]!], "\(column.pattern.name)")
        }
    }

    @Test("a click on the greeting button is compared like Enter: each pattern's replay greets")
    func click() async throws {
        let session = Self.session()
        await session.settle()
        let row = try #require(session.text.components(separatedBy: "\n").firstIndex { $0.contains("[ Show greeting ]") })
        let line = session.text.components(separatedBy: "\n")[row]
        let x = line.distance(from: line.startIndex, to: line.range(of: "[ Show greeting ]")!.lowerBound) + 2
        session.press(.mouse(MouseEvent(.press(.left), at: Point(x: x, y: row))))
        #expect(session.shell.state.keysOnScreen.count == 1)
        let panel = try await Self.openCompare(session)
        let columns = try #require(panel.columns)
        #expect(columns.count == 4)
        for column in columns {
            #expect(column.entry?.action.label == "Click \(x),\(row) on [Show greeting]", "\(column.pattern.name)")
            #expect(column.entry?.events.contains { $0.detail.contains("Hello David Blaine") } == true, "\(column.pattern.name)")
        }
    }

    @Test("golden: Enter on the greeting button, replayed in all four patterns")
    func greetingMatchesGolden() async throws {
        let session = Self.session()
        await session.settle()
        session.press(.enter)
        _ = try await Self.openCompare(session)
        Golden.assert(session.text, matches: "compare-mvp-greeting-120x40")
    }

    @Test("opening a listing: four columns with counts, a computed verdict each, the async rule, definitions")
    func listings() async throws {
        let session = Self.session(size: Size(width: 100, height: 30), pattern: .viper, screen: .listings)
        await session.settle()
        session.press(.down)
        await session.settle()
        session.press(.enter)
        await session.settle()
        _ = try await Self.openCompare(session)
        let text = session.text
        #expect(session.panelTitle == "Compare · Listings")
        #expect(text.contains("▸ Enter — replayed on a fresh Listings after 1 earlier key"))
        for pattern in PatternID.allCases { #expect(text.contains(" \(pattern.name) "), "\(pattern.name) column") }
        #expect(text.contains("boundaries = calls between two different roles"))
        #expect(text.contains("fewest steps") && text.contains("most steps"))
        #expect(text.contains("ListingDetail"), "the detail being built is in the columns")
        #expect(!text.contains("Hello"), "the module under the panel is not drawn")
    }

    @Test("the screen's construction is compared when no key was pressed on it yet")
    func construction() async throws {
        let session = Self.session(size: Size(width: 100, height: 60), pattern: .mvc, screen: .listings)
        await session.settle()
        _ = try await Self.openCompare(session)
        #expect(session.text.contains("▸ start: MVC Listings — replayed on a fresh Listings after 0 earlier keys"))
        #expect(session.text.contains("┄ later (async) ┄"), "the first page lands after the build returned")
    }

    @Test("scrolls with ↑↓ PgUp PgDn; Enter does not reach the hidden module; Esc and c close")
    func keys() async throws {
        let session = Self.session(size: Size(width: 80, height: 24), pattern: .viper, screen: .listings)
        await session.settle()
        _ = try await Self.openCompare(session)
        let top = session.text
        #expect(top.contains("more"), "a long trace says how much is below")
        session.press(.pageDown)
        #expect(session.text != top)
        session.press(.pageUp)
        #expect(session.text == top)
        session.press(.down)
        #expect(session.text != top)
        session.press(.up, .enter)
        #expect(session.text == top, "Enter is swallowed, not sent to the list under the panel")
        #expect(session.shell.state.panel != nil)
        session.press(.escape)
        #expect(session.shell.state.panel == nil)
        _ = try await Self.openCompare(session)
        session.press(.character("c"))
        #expect(session.shell.state.panel == nil)
        #expect(session.text.contains("VIPER · Listings"))
    }

    @Test("the greeting press: the verdicts say which role tells the view, and the note where the paths part, as conform does")
    func pathsPart() async throws {
        let session = Self.session()
        await session.settle()
        session.press(.enter)
        let panel = try await Self.openCompare(session)
        let columns = try #require(panel.columns)
        let verdicts = Dictionary(uniqueKeysWithValues: columns.map { ($0.pattern, $0.verdict) })
        #expect(verdicts[.mvp]?.hasPrefix("presenter tells the view: setGreeting") == true, "\(verdicts)")
        #expect(verdicts[.viper]?.hasPrefix("presenter tells the view: setGreeting") == true, "\(verdicts)")
        #expect(verdicts[.mvc]?.hasPrefix("controller tells the view: Label.text") == true, "\(verdicts)")
        // The view model's output reaches the view through the binding (or, before the binding is
        // traced, straight from the view model's setter): never a presenter's call.
        let mvvm = try #require(verdicts[.mvvm])
        #expect(mvvm.hasPrefix("view model tells the view:") || mvvm.hasPrefix("binding tells the view:"), "\(mvvm)")
        #expect(mvvm != verdicts[.mvp])
        let note = "paths part at step 2: MVC Controller · MVP View · MVVM ViewModel · VIPER View"
        #expect(ComparePanel.note(for: columns) == note)
        #expect(session.text.contains(" » " + note))
    }

    @Test("who tells the view, read from the callers: a view's own widget calls are not counted, a hand-made trace")
    func viewCalls() {
        let calls = CallPaths.viewCalls(in: HandMadeTrace.tapThatLoads)
        #expect(calls == [CallPaths.ViewCalls(caller: .presenter, methods: ["GreetingViewController.showLoading",
                                                                             "GreetingViewController.show"])])
        #expect(calls.first?.sentence(limit: 1) == "presenter tells the view: GreetingViewController.showLoading +1")
        // The same trace with the presenter's calls cut: nobody but the view calls the view.
        #expect(CallPaths.viewCalls(in: HandMadeTrace.tapThatLoads.filter { $0.role != .presenter }).isEmpty)
    }

    /// Regression: ← on the listings' first tab runs no role method; compare showed four empty
    /// columns ("no role method ran") while the trace pane showed the screen's load.
    @Test("← on the first tab ran nothing: compare shows the last action that ran a role method, and says so")
    func quietLastKey() async throws {
        let session = Self.session(size: Size(width: 120, height: 40), pattern: .mvp, screen: .listings)
        await session.settle()
        session.press(.left)
        await session.settle()
        let panel = try await Self.openCompare(session)
        let columns = try #require(panel.columns)
        #expect(columns.count == 4)
        for column in columns {
            #expect(column.entry?.action.label == "start: \(column.pattern.name) Listings", "\(column.pattern.name)")
            #expect(column.counts.steps > 10, "\(column.pattern.name): the load is compared")
            #expect(column.quietAfter == ["←"])
        }
        #expect(session.text.contains("▸ start: MVP Listings — ← after it ran no role method"))
        #expect(!session.text.contains("no role method ran"))
    }

    /// Regression: the replays started from a fresh model, so a source chosen before a pattern
    /// switch (kept in the shared model) was lost, and ← back to Rent ran nothing in the replays
    /// while it reloaded the list live.
    @Test("the replays start from the shared model the live module found: ← after a switch reloads Rent in all four")
    func replayStartsFromTheLiveModel() async throws {
        let session = Self.session(size: Size(width: 120, height: 40), pattern: .mvc, screen: .listings)
        await session.settle()
        session.press(.right)  // New homes, kept in the shared model
        await session.settle()
        session.press(.character("2"))
        await session.settle()
        session.press(.left)  // back to Rent, in MVP
        await session.settle()
        #expect(session.traceBuffer.entries.last?.events.contains { $0.method.hasPrefix("didChooseSource") } == true,
                "live, ← changes the source")
        let panel = try await Self.openCompare(session)
        let columns = try #require(panel.columns)
        #expect(columns.count == 4)
        for column in columns {
            #expect(column.entry?.action.label == "←", "\(column.pattern.name)")
            #expect(column.entry?.events.contains { $0.detail.contains("rent.list") } == true, "\(column.pattern.name) loads Rent")
        }
    }

    @Test("a greeting typed in one pattern is greeted in every replay after a switch")
    func greetingFromTheLiveModel() async throws {
        let session = Self.session(pattern: .mvc)
        await session.settle()
        session.press(.up, .up, .end)
        session.press(Array(repeating: Key.backspace, count: 5))
        session.type("Ada")
        session.press(.down, .down, .character("2"))
        await session.settle()
        session.press(.enter)
        let panel = try await Self.openCompare(session)
        for column in try #require(panel.columns) {
            #expect(column.entry?.events.contains { $0.detail.contains("Hello Ada Blaine") } == true, "\(column.pattern.name)")
        }
    }

    @Test("a shell without a replay runner says so instead of showing columns")
    func withoutRunner() {
        let session = TestApp.session()
        session.press(.character("c"))
        #expect(session.text.contains("no replay runner"))
    }
}
