import AppComposition
import Clocks
import FakeServer
import Mediator
import Model
import Networking
import Terminal
import Testing
import Widgets
@testable import Shell

@MainActor
@Suite("Network inspector (n)", .hangWatchdog)
struct NetworkPanelTests {
    /// Opens the inspector and returns it.
    static func open(_ session: HeadlessSession) throws -> NetworkPanel {
        session.press(.character("n"))
        return try #require(session.shell.state.panel?.network)
    }

    /// MVC listings with the first rent page loaded, then with the inspector open: New homes, back
    /// to Rent (a cache hit), and a refresh that fails with an armed "no network".
    static func listingsWithCacheHitAndFailure(size: Size) async throws -> HeadlessSession {
        let session = TestApp.session(size: size, pattern: .mvc, screen: .listings)
        await session.settle()
        _ = try open(session)
        session.press(.right)
        await session.settle()
        session.press(.left)
        await session.settle()
        session.press(.character("k"), .character("f"))
        session.press(.character("r"))
        await session.settle()
        return session
    }

    @Test("golden: listings at 120×40 after a cache hit and an armed failure")
    func listingsMatchGolden120() async throws {
        let session = try await Self.listingsWithCacheHitAndFailure(size: Size(width: 120, height: 40))
        Golden.assert(session.text, matches: "network-mvc-listings-120x40")
    }

    @Test("golden: the same at 80×24, nothing overflows the narrow pane")
    func listingsMatchGolden80() async throws {
        let session = try await Self.listingsWithCacheHitAndFailure(size: Size(width: 80, height: 24))
        Golden.assert(session.text, matches: "network-mvc-listings-80x24")
    }

    @Test("what the journal holds is what the panel lists: outcomes, the module's error, the fail-next state")
    func listsTheJournal() async throws {
        let session = try await Self.listingsWithCacheHitAndFailure(size: Size(width: 120, height: 40))
        let records = session.context.network.journal.records
        #expect(records.map(\.outcome) == [.succeeded(items: 20), .succeeded(items: 20), .cacheHit, .failed(.noNetwork)])
        let text = session.text
        #expect(text.contains("Network · idle"))
        #expect(text.contains("▸4 rent.list p1") && text.contains("✗ no network"), "the newest is opened")
        #expect(text.contains("3 rent.list p1") && text.contains("✓ cache hit"))
        #expect(text.contains("2 xinfang.list p1") && text.contains("1 rent.list p1"))
        #expect(text.contains("No network connection."), "the module's error line and the record's detail")
        #expect(text.contains("hooks shouldCall afterCall beforeFailure"), "the interceptor hooks that ran")
        #expect(text.contains("no-network · off"), "the one-shot was used up")
    }

    @Test("+ - y a k f e change the live scenario and the cache, and the panel shows each state")
    func controls() async throws {
        let session = TestApp.session(size: Size(width: 120, height: 40), pattern: .mvc, screen: .listings)
        await session.settle()
        let network = session.context.network
        _ = try Self.open(session)
        var panel: NetworkPanel { session.shell.state.panel!.network! }
        #expect(session.text.contains("latency   0 ms"))

        session.press(.character("+"))
        #expect(network.scenario?.current.latency == .milliseconds(12.5) ... .milliseconds(100))
        #expect(session.text.contains("latency   13–100 ms"))
        session.press(.character("="), .character("-"), .character("-"))
        #expect(network.scenario?.current.latency == .zero ... .zero)
        session.press(.character("-"))
        #expect(network.scenario?.current.latency == .zero ... .zero, "zero is the floor")

        session.press(.character("a"))
        #expect(network.scenario?.offline == true)
        #expect(session.text.contains("offline   on · requests fail"))
        session.press(.character("a"))
        #expect(network.scenario?.offline == false)

        #expect(session.text.contains("fail next timeout · off"))
        session.press(.character("f"))
        #expect(network.scenario?.nextFailure == .timeout)
        #expect(session.text.contains("fail next timeout · armed"))
        session.press(.character("k"))
        #expect(panel.failureKind == .noNetwork)
        #expect(network.scenario?.nextFailure == .noNetwork, "an armed failure follows the chosen kind")
        session.press(.character("f"))
        #expect(network.scenario?.nextFailure == nil)
        session.press(.character("k"), .character("k"), .character("k"))
        #expect(panel.failureKind == .timeout, "k cycles through every kind and round")

        #expect(network.cache.count == 1)
        #expect(session.text.contains("cache     1 mem 3.9 KB · disk off"))
        session.press(.character("e"))
        #expect(network.cache.count == 0)
        #expect(session.text.contains("cache     0 mem 0 B · disk off"))
        // Only a is recorded for compare, as the inspector keys that redo it (offline is four y from
        // Wi-Fi, Wi-Fi one more); the panel's other keys never reached the module.
        let (n, y) = (Key.character("n"), Key.character("y"))
        #expect(session.shell.state.keysOnScreen == [n, y, y, y, y, n, n, y, n])
    }

    @Test("keys the panel does not use reach the module: ↓ moves, Enter opens, r retries")
    func otherKeysReachTheModule() async throws {
        let session = TestApp.session(size: Size(width: 120, height: 40), pattern: .mvp, screen: .listings)
        await session.settle()
        _ = try Self.open(session)
        let selected = session.context.appState.selectedListingID
        session.press(.down)
        #expect(session.context.appState.selectedListingID != selected)
        session.press(.character("a"), .character("r"))
        await session.settle()
        #expect(session.text.contains("Could not load the listings: No network connection."))
        #expect(session.context.network.journal.records.last?.outcome == .failed(.noNetwork))
        session.press(.character("a"), .character("r"))
        await session.settle()
        // Back online, the role retries the failed load at once; the r that follows finds it in
        // flight and the manager ignores it (ignore-if-loading). One page lands.
        let outcomes = session.context.network.journal.records.map(\.outcome)
        let failed = try #require(outcomes.lastIndex(of: .failed(.noNetwork)))
        #expect(outcomes[failed...].filter { $0 == .succeeded(items: 20) }.count == 1, "\(outcomes)")
        session.press(.enter)
        await session.settle()
        #expect(session.text.contains("From the rent API"), "Enter opened the detail beside the panel")
        #expect(session.shell.state.panel?.network != nil)
        let (n, y, r) = (Key.character("n"), Key.character("y"), Key.character("r"))
        #expect(session.shell.state.keysOnScreen == [.down, n, y, y, y, y, n, r, n, y, n, r, .enter],
                "module keys, and each a as the inspector keys a replay redoes it with")
    }

    @Test("n and Esc close it; in a text field letters are typed, not taken")
    func closingAndTyping() async throws {
        let session = TestApp.session(size: Size(width: 100, height: 30), pattern: .mvc, screen: .greeting)
        await session.settle()
        _ = try Self.open(session)
        session.press(.character("n"))
        #expect(session.shell.state.panel == nil)
        _ = try Self.open(session)
        session.press(.escape)
        #expect(session.shell.state.panel == nil)

        _ = try Self.open(session)
        session.press(.up)  // the last-name field
        #expect(session.shell.activeWindow?.focusedView is TextField)
        session.type("af")
        #expect(session.context.network.scenario?.offline == false && session.context.network.scenario?.nextFailure == nil)
        #expect(session.context.appState.person.lastName == "Blaineaf")
        #expect(session.shell.state.panel?.network != nil)
        #expect(session.text.contains("typing: letters go to the field"), "the key line says why its keys rest")
        session.press(.down, .character("a"))
        #expect(session.context.network.scenario?.offline == true, "off the field, a is the panel's again")
        #expect(session.text.contains("+ - y a k f e"))
    }

    @Test("each control's change is an action in the trace, shown before the failure it explains")
    func controlsAreTraced() async throws {
        let session = TestApp.session(size: Size(width: 120, height: 40), pattern: .mvc, screen: .listings)
        await session.settle()
        _ = try Self.open(session)
        session.press(.character("+"), .character("a"), .character("f"), .character("e"))
        session.press(.character("<"))  // choosing a record changes nothing: no action
        session.press(.character("n"))
        let entries = session.traceBuffer.entries.filter { $0.action.label.hasSuffix(" in the network inspector") }
        #expect(entries.map(\.action.label) == ["+ in the network inspector", "a in the network inspector",
                                                "f in the network inspector", "e in the network inspector"])
        let details = entries.flatMap(\.events).map { "\($0.role.rawValue) \($0.detail)" }
        // Going offline is a network type change: the notification, and the one role that caught it.
        #expect(details == ["Network latency 0 ms → 13–100 ms", "Network offline: every request fails at once",
                            "Notification post network type Wi-Fi → offline", "Controller network type → offline",
                            "View text = Offline — will retry when the network i…",
                            "Network fail next: timeout armed", "Cache cleared"])
        #expect(session.text.contains("▸ e in the network inspector"), "the trace pane is back and shows the newest")
    }

    @Test("a reply landing between key presses redraws the panel: it observes the journal, never polls")
    func redrawsWhenTheJournalChanges() async throws {
        let clock = TestClock()
        var scenario = Scenario.instant
        scenario.latency = .milliseconds(300) ... .milliseconds(300)
        let registry = AppAssembly.patternRegistry()
        let network = TestApp.network(clock: clock, scenario: scenario)
        let session = HeadlessSession(registry: registry, context: ModuleContext(appState: AppState(), network: network),
                                      size: Size(width: 120, height: 40), pattern: .viper, screen: .listings)
        await session.settle()
        let panel = try Self.open(session)
        #expect(panel.id == .network && session.panelTitle == "Network · 1 in flight")
        #expect(session.text.contains("… in flight") && session.text.contains("Network · 1 in flight"))

        // A request from outside the module: only the journal knows, so only its observer can ask for a frame.
        let manager = network.makePersonManager(landingPoint: network.makeLandingPoint("probe"))
        manager.parameters = ["id": "dynamo"]
        manager.loadData()
        await session.settle()
        #expect(session.text.contains("Network · 2 in flight") && session.text.contains("person.get"))

        await clock.advance(by: .milliseconds(300))
        await session.settle()
        #expect(session.text.contains("Network · idle"))
        #expect(session.text.contains("✓ ok 300 ms") && session.text.contains("✓ 20 items 300 ms"))
    }

    @Test("< > choose the opened record; the newest is followed again at the top")
    func selection() async throws {
        let session = try await Self.listingsWithCacheHitAndFailure(size: Size(width: 120, height: 40))
        let journal = session.context.network.journal
        var panel: NetworkPanel { session.shell.state.panel!.network! }
        #expect(panel.selectedRecord(in: journal)?.id == 4 && panel.selectedID == nil)
        session.press(.character(">"), .character(">"))
        #expect(panel.selectedRecord(in: journal)?.id == 2)
        #expect(session.text.contains("▸2 xinfang.list p1") && session.text.contains("GET xinfang.list?page=1&page_size=20"))
        session.press(.character(">"), .character(">"), .character(">"))
        #expect(panel.selectedRecord(in: journal)?.id == 1, "stops at the oldest")
        session.press(.character("<"), .character("<"), .character("<"))
        #expect(panel.selectedID == nil && panel.selectedRecord(in: journal)?.id == 4)
        session.press(.character("r"))
        await session.settle()
        #expect(panel.selectedRecord(in: journal)?.id == 5, "following the newest")
    }

    @Test("the latency is described in the unit that reads best")
    func describesLatency() {
        #expect(NetworkPanel.describe(.zero ... .zero) == "0 ms")
        #expect(NetworkPanel.describe(.milliseconds(50) ... .milliseconds(400)) == "50–400 ms")
        #expect(NetworkPanel.describe(.milliseconds(120) ... .milliseconds(120)) == "120 ms")
        #expect(NetworkPanel.describe(.milliseconds(800) ... .milliseconds(6400)) == "0.8–6.4 s")
        #expect(NetworkPanel.describe(.seconds(2) ... .seconds(2)) == "2 s")
    }

    @Test("at every size from the minimum up, no line leaves the pane", arguments: [
        Size(width: 64, height: 16), Size(width: 80, height: 24), Size(width: 100, height: 30), Size(width: 200, height: 50),
    ])
    func fitsEverySize(size: Size) async throws {
        let session = try await Self.listingsWithCacheHitAndFailure(size: size)
        let layout = ShellLayout(size: size)
        let rows = session.text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(rows.count == size.height)
        for row in rows { #expect(DisplayWidth.of(row) <= size.width, "\(row)") }
        let keyRow = rows[layout.trace.maxY - 1]
        #expect(keyRow.contains("+ - y a k f e") && keyRow.contains("< >") && keyRow.contains("n close"),
                "the key line is the pane's last: \(keyRow)")
    }
}
