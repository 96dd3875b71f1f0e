import AppComposition
import Clocks
import FakeServer
import Mediator
import Model
import ObjectGraph
import PatternVocabulary
import Terminal
import Testing
@testable import Shell

// A handmade module: a view that owns its presenter, which points back weakly and owns a service
// that points back unowned; the view also holds two labels outside the scope (leaves).
@MainActor private final class Screen { var presenter: Presenter?; var label = Label(); var title = Label() }
@MainActor private final class Presenter { weak var view: Screen?; var service = Service() }
@MainActor private final class Service { unowned var owner: Presenter? = nil }
@MainActor private final class Label {}
/// Two objects that keep each other alive: the leak the panel must show in red.
@MainActor private final class Parent { var child: Child? }
@MainActor private final class Child { var parent: Parent? }

@MainActor
@Suite("Ownership panel (o)", .hangWatchdog)
struct OwnershipPanelTests {
    private static let strengths = DeclaredStrengths([
        "ShellTests.Presenter.view": .weak, "ShellTests.Service.owner": .unowned,
    ])

    /// Labels are outside the scope, as the widgets are in the app.
    private static let scope = ObjectGraph.Scope { _, name in name != "Label" }

    /// A screen owning its presenter, which points back weakly and owns a service that points back too.
    private static func wiredScreen() -> Screen {
        let screen = Screen()
        let presenter = Presenter()
        screen.presenter = presenter
        presenter.view = screen
        presenter.service.owner = presenter
        return screen
    }

    private func snapshot(_ roots: [(name: String, object: AnyObject)]) -> OwnershipSnapshot {
        OwnershipSnapshot(ObjectGraph(roots: roots, scope: Self.scope, strengths: Self.strengths), label: "MVP greeting",
                          pattern: .mvp)
    }

    @Test("the tree shows each object once under its strong owner; a weak reference back is marked, dim, not expanded")
    func tree() {
        let screen = Self.wiredScreen()
        let lines = OwnershipLines.tree(snapshot([("module", screen)]))
        #expect(lines.map(\.text) == [
            " Screen",
            " ├─▶ presenter  Presenter",
            " │ ├╌▷ view (weak)  ↺ Screen",
            " │ └─▶ service  Service",
            " │   └╌▷ owner (unowned)  ↺ Presenter",
            " ├─▶ label  Label",
            " └─▶ title  Label",
        ])
        let weak = lines[2].segments.first { $0.text.hasPrefix("╌▷") }
        #expect(weak?.style == OwnershipLines.weakStyle)
        let strong = lines[1].segments.first { $0.text.hasPrefix("─▶") }
        #expect(strong?.style == OwnershipLines.strongStyle)
        #expect(OwnershipLines.weakStyle != OwnershipLines.strongStyle)
    }

    @Test("a strong cycle is drawn in red with its path; none, no line")
    func cycle() {
        let parent = Parent()
        parent.child = Child()
        parent.child?.parent = parent
        let header = OwnershipLines.header(snapshot([("module", parent)]), freed: nil)
        let line = header.first { $0.text.contains("⚠") }
        #expect(line?.text == " ⚠ strong cycle: Parent.child → Child.parent → Parent")
        #expect(line?.segments.allSatisfy { $0.style == OwnershipLines.alarm } == true)
        parent.child?.parent = nil
        let clean = OwnershipLines.header(snapshot([("module", parent)]), freed: nil)
        #expect(!clean.contains { $0.text.contains("⚠") })
    }

    @Test("the panel draws a strong cycle in red on screen, above the tree in which the cycle's way back is a ↺")
    func cycleDrawn() throws {
        let parent = Parent()
        parent.child = Child()
        parent.child?.parent = parent
        let panel = OwnershipPanel(snapshot: snapshot([("module", parent)]))
        let session = TestApp.session()
        let context = session.shell.environment.panelContext(.body, size: session.screen.size)
        let screen = MemoryScreen(size: context.size)
        panel.draw(into: Canvas(screen: screen, bounds: Rect(origin: .zero, size: context.size)), context: context)
        let rows = (0..<context.size.height).map { screen.row($0) }
        let row = try #require(rows.firstIndex { $0.contains("⚠ strong cycle: Parent.child → Child.parent → Parent") })
        let column = try #require(rows[row].firstIndex(of: "⚠")).utf16Offset(in: rows[row])
        #expect(screen.cell(x: column, y: row).style == OwnershipLines.alarm)
        #expect(rows.contains { $0.contains("└─▶ parent  ↺ Parent") })
        parent.child?.parent = nil
    }

    @Test("the freed line: green when nothing of the old module is alive, yellow while cancelled requests hold some, red and naming the survivors after")
    func freedLine() {
        let screen = Screen()
        let clean = OwnershipLines.header(snapshot([("module", screen)]), freed: FreedObjects(label: "MVC greeting", objects: 9, survivors: []))
        let held = OwnershipLines.header(snapshot([("module", screen)]),
                                         freed: FreedObjects(label: "MVC greeting", objects: 9, survivors: ["APIManager<RentListAPI>"], isFinal: false))
        #expect(held.last?.text == " previous MVC greeting: 8 objects freed, 1 held by cancelled requests: APIManager<RentListAPI>")
        #expect(held.last?.segments.first?.style == ShellTheme.notice, "not yet a leak")
        #expect(clean.last?.text == " previous MVC greeting: 9 objects freed, 0 alive")
        #expect(clean.last?.segments.first?.style == OwnershipLines.freedStyle)
        let leak = OwnershipLines.header(snapshot([("module", screen)]),
                                         freed: FreedObjects(label: "MVC greeting", objects: 9, survivors: ["GreetingPresenter"]))
        #expect(leak.last?.text == " previous MVC greeting: 8 objects freed, 1 alive: GreetingPresenter")
        #expect(leak.last?.segments.first?.style == OwnershipLines.alarm)
    }

    @Test("the panel's title names the module and its counts")
    func title() {
        let screen = Self.wiredScreen()
        let panel = OwnershipPanel(snapshot: snapshot([("module", screen)]))
        let session = TestApp.session()
        let context = session.shell.environment.panelContext(.body, size: session.screen.size)
        #expect(panel.title(in: context) == "Ownership · MVP greeting · 5 objects · 4 strong · 1 weak · 1 unowned")
    }

    @Test("the reducer: o opens the panel with no effect, Tab asks for the capture, only its own answer is shown, Tab and o go back and close")
    func reducer() {
        let environment = ShellReducerTests.environment()
        var state = ShellReducerTests.state(.viper)
        #expect(ShellReducerTests.reduce(&state, .moduleAnswered(.character("o"), consumed: false), in: environment).isEmpty)
        #expect(state.panel?.id == .ownership)
        // Before each frame the runtime compares the live module with the graph's stamp; the
        // reducer only asks, and takes the answers in.
        #expect(ShellReducerTests.reduce(&state, .frameWillDraw, in: environment) == [.followOwnership(since: nil)])
        let column = snapshot([("module", Screen())])
        let stamp = LiveOwnership.Stamp(build: 2, objects: [])
        _ = ShellReducerTests.reduce(&state, .ownershipRetaken(stamp, column), .ownershipFreed(nil), in: environment)
        #expect(state.panel?.ownership?.snapshot == column && state.panel?.ownership?.stamp == stamp)
        #expect(ShellReducerTests.reduce(&state, .frameWillDraw, in: environment) == [.followOwnership(since: stamp)])
        #expect(ShellReducerTests.reduce(&state, .key(.tab), in: environment) == [.captureOwnership(token: 1)])
        _ = ShellReducerTests.reduce(&state, .ownershipCaptured(token: 7, [column]), in: environment)
        #expect(state.panel?.ownership?.columns == nil, "a stale answer is dropped")
        _ = ShellReducerTests.reduce(&state, .ownershipCaptured(token: 1, [column]), in: environment)
        #expect(state.panel?.ownership?.columns == [column])
        #expect(ShellReducerTests.reduce(&state, .key(.tab), in: environment).isEmpty, "Tab again: the tree, nothing asked")
        #expect(state.panel?.ownership?.columns == nil && state.panel?.id == .ownership)
        // Keys the panel does not use stop there (the module is hidden); the shell's pass; o closes.
        #expect(ShellReducerTests.reduce(&state, .key(.character("z")), in: environment).isEmpty)
        #expect(ShellReducerTests.reduce(&state, .key(.character("2")), in: environment).count == 1, "2 still switches")
        _ = ShellReducerTests.reduce(&state, .key(.character("o")), in: environment)
        #expect(state.panel == nil)
    }

    @Test("↑↓ PgUp PgDn Home End scroll a tree taller than the panel; a screen switch with the panel open takes the new screen's graph")
    func scrollAndFollow() async throws {
        let session = TestApp.session(pattern: .mvvm, screen: .listings)
        await session.settle()
        session.press(.character("o"))
        #expect(session.text.contains("lines 1–20 of "))
        #expect(!session.text.contains("children[0]"))
        session.press(.end)
        #expect(session.text.contains("children[0]  ↺ ListingsViewController"), "the last line")
        session.press(.home)
        #expect(session.text.contains("lines 1–20 of "))
        session.press(.character("g"))
        #expect(session.panelTitle?.hasPrefix("Ownership · MVVM greeting · 5 objects") == true)
        #expect(session.text.contains("previous MVVM listings: "))
        // A switch with the panel closed keeps no graph (no reflection), and forgets the one before.
        session.press(.character("o"), .character("4"), .character("o"))
        #expect(session.panelTitle?.hasPrefix("Ownership · VIPER greeting") == true)
        #expect(!session.text.contains("previous "))
    }

    // MARK: - The live modules

    /// Every reference of the graph as `Owner.property strength → Target`.
    private static func edges(_ snapshot: OwnershipSnapshot) -> Set<String> {
        Set(snapshot.nodes.flatMap { node in
            node.references.map { "\(node.typeName).\($0.name) \($0.strength) → \(snapshot.nodes[$0.target].typeName)" }
        })
    }

    static let expected: [PatternID: [ScreenID: [String]]] = [
        .mvc: [
            .greeting: ["HostedScreen.rootViewController strong → GreetingViewController", "GreetingViewController.model strong → AppState"],
            .listings: ["ListingsViewController.appState strong → AppState", "ListingsViewController.parent weak → NavigationController",
                        "ListingsViewController.managers[rent] strong → APIManager<RentListAPI>",
                        "ListingsViewController.managers[all] strong → MergedListManager"],
        ],
        .mvp: [
            .greeting: ["GreetingViewController.presenter strong → GreetingPresenter", "GreetingPresenter.view weak → GreetingViewController",
                        "GreetingPresenter.model strong → AppState"],
            .listings: ["ListingsViewController.presenter strong → ListingsPresenter", "ListingsPresenter.view weak → ListingsViewController",
                        "ListingsPresenter.router strong → ListingsNavigationRouter",
                        "ListingsNavigationRouter.navigationController weak → NavigationController",
                        "ListingsPresenter.managers[rent] strong → APIManager<RentListAPI>"],
        ],
        .mvvm: [
            // The binding is a closure the view model holds: invisible to reflection, so not an edge.
            .greeting: ["GreetingViewController.viewModel strong → GreetingViewModel", "GreetingViewModel.model strong → AppState"],
            .listings: ["ListingsViewController.viewModel strong → ListingsViewModel",
                        "ListingsViewModel.rows strong → Observable<Array<Dictionary<PropertyListKey, String>>>",
                        "ListingsViewModel.managers[rent] strong → APIManager<RentListAPI>"],
        ],
        .viper: [
            .greeting: ["GreetingViewController.eventHandler strong → GreetingPresenter", "GreetingPresenter.view weak → GreetingViewController",
                        "GreetingPresenter.greetingProvider strong → GreetingInteractor", "GreetingInteractor.output weak → GreetingPresenter",
                        "GreetingInteractor.model strong → AppState"],
            .listings: ["ListingsViewController.eventHandler strong → ListingsPresenter", "ListingsPresenter.view weak → ListingsViewController",
                        "ListingsInteractor.output weak → ListingsPresenter", "ListingsRouter.viewController weak → ListingsViewController",
                        "ListingsInteractor.managers[rent] strong → APIManager<RentListAPI>"],
        ],
    ]

    @Test("each pattern's live greeting and listings hold their roles with the declared strengths, and no strong cycle",
          arguments: PatternID.allCases, [ScreenID.greeting, .listings])
    func liveGraph(pattern: PatternID, screen: ScreenID) async throws {
        let session = TestApp.session(pattern: pattern, screen: screen)
        await session.settle()
        let snapshot = try #require(session.ownership.capture())
        let edges = Self.edges(snapshot)
        for edge in Self.expected[pattern]![screen]! { #expect(edges.contains(edge), "\(pattern.name) \(screen): \(edge)") }
        #expect(snapshot.cycles.isEmpty)
        #expect(snapshot.roleObjects.count >= (pattern == .mvc ? 1 : 2), "the pattern's roles are in the graph")
        #expect(snapshot.label == "\(pattern.name) \(screen.rawValue)")
    }

    @Test("o opens the panel on the module's graph, a push takes it again, o closes it")
    func openFollowClose() async throws {
        let session = TestApp.session(size: Size(width: 120, height: 40), pattern: .mvp, screen: .listings)
        await session.settle()
        session.press(.character("o"))
        let panel = try #require(session.shell.state.panel?.ownership)
        #expect(session.panelTitle?.hasPrefix("Ownership · MVP listings · ") == true)
        #expect(!(panel.snapshot?.nodes.contains { $0.typeName == "ListingDetailPresenter" } ?? true))
        // The module is hidden under the panel: close it, open a listing, open the panel again.
        session.press(.character("o"))
        #expect(session.shell.state.panel == nil)
        session.press(.down)
        await session.settle()
        session.press(.enter)
        await session.settle()
        session.press(.character("o"))
        let detail = try #require(session.shell.state.panel?.ownership)
        #expect(detail.snapshot?.nodes.contains { $0.typeName == "ListingDetailPresenter" } == true, "the pushed screen's roles")
        #expect(session.text.contains("╌▷ view (weak)"))
        session.press(.escape)
        #expect(session.shell.state.panel == nil)
    }

    @Test("after every pattern switch the panel counts the old module's objects: all freed, none alive",
          arguments: [ScreenID.greeting, .listings])
    func switchesFreeEverything(screen: ScreenID) async throws {
        let session = TestApp.session(pattern: .mvc, screen: screen)
        await session.settle()
        session.press(.character("o"))
        var previous = PatternID.mvc
        for pattern in [PatternID.mvp, .mvvm, .viper, .mvc] {
            session.press(.character(Character(String(PatternID.allCases.firstIndex(of: pattern)! + 1))))
            // Counted in the frame right after the switch, before any task could run (nothing was in flight).
            let freed = try #require(session.shell.state.panel?.ownership?.freed)
            #expect(freed.label == "\(previous.name) \(screen.rawValue)")
            // The greeting is Orlov's few objects (4 to 6); the listings, many more.
            #expect(freed.objects >= (screen == .greeting ? 3 : 5))
            #expect(freed.survivors.isEmpty, "\(previous.name): \(freed.survivors)")
            #expect(session.text.contains("previous \(previous.name) \(screen.rawValue): \(freed.objects) objects freed, 0 alive"))
            // And once the work the teardown cancelled has ended: the final count.
            await session.ownership.departedSettled()
            session.shell.renderIfNeeded()
            let final = try #require(session.shell.state.panel?.ownership?.freed)
            #expect(final.isFinal && final.survivors.isEmpty && final.objects == freed.objects)
            await session.settle()
            previous = pattern
        }
    }

    /// casatwy's delivery: the request's task holds its manager weakly and the delegate is weak, so
    /// a screen that goes away with a request in flight is freed at once — nothing waits for the reply.
    @Test("a switch while a request is in flight: the old module is freed at once, nothing held by the request",
          arguments: PatternID.allCases, [ScreenID.listings])
    func switchWithRequestInFlight(pattern: PatternID, screen: ScreenID) async throws {
        let clock = TestClock()
        var scenario = Scenario.instant
        scenario.latency = .milliseconds(300) ... .milliseconds(300)
        let network = TestApp.network(clock: clock, scenario: scenario)
        let session = HeadlessSession(registry: AppAssembly.patternRegistry(), context: ModuleContext(appState: AppState(), network: network),
                                      pattern: pattern, screen: screen)
        await session.settle()
        #expect(network.journal.inFlightCount > 0, "the first load is still in flight")
        session.press(.character("o"), .character(pattern == .mvc ? "2" : "1"))
        let early = try #require(session.shell.state.panel?.ownership?.freed)
        #expect(early.survivors.isEmpty && !early.isLeak, "\(early.survivors)")
        #expect(!session.text.contains("held by cancelled requests"))
        #expect(network.journal.records.contains { $0.outcome == .cancelled("teardown") }, "the request was cancelled, not left to land")
        await session.ownership.departedSettled()
        session.shell.renderIfNeeded()
        let final = try #require(session.shell.state.panel?.ownership?.freed)
        #expect(final.isFinal && final.survivors.isEmpty, "\(final.survivors)")
        #expect(session.text.contains("objects freed, 0 alive"), "the final count is drawn without a key")
    }

    @Test("Tab shows the screen in every pattern with its counts and roles; Tab again the tree")
    func everyPattern() async throws {
        let session = TestApp.session(pattern: .viper, screen: .greeting)
        session.shell.replayer = TestApp.replayRunner()
        await session.settle()
        session.press(.character("o"), .tab)
        #expect(session.panelTitle == "Ownership · Greeting in every pattern")
        await session.ownership.capturedEveryPattern()
        session.shell.renderIfNeeded()
        let columns = try #require(session.shell.state.panel?.ownership?.columns)
        #expect(columns.map(\.pattern) == PatternID.allCases)
        #expect(columns.map(\.nodes.count) == [4, 5, 5, 6], "Orlov's roles and the form, nothing else")
        #expect(columns.map { $0.count(.weak) } == [0, 1, 0, 2])
        for pattern in PatternID.allCases { #expect(session.text.contains(" \(pattern.name) ")) }
        #expect(session.text.contains("│ Interactor"), "the roles, named")
        #expect(session.text.contains("│ ViewModel"), "MVVM's view model, named")
        session.press(.tab)
        #expect(session.panelTitle?.hasPrefix("Ownership · VIPER greeting") == true)
    }

    @Test("Tab builds every pattern on the shared model the live module found: a source chosen before a switch is kept")
    func everyPatternFromTheLiveModel() async throws {
        let session = TestApp.session(pattern: .mvc, screen: .listings)
        session.shell.replayer = TestApp.replayRunner()
        await session.settle()
        session.press(.right)  // New homes, in the shared model
        await session.settle()
        session.press(.character("2"))
        await session.settle()
        session.press(.character("o"), .tab)
        await session.ownership.capturedEveryPattern()
        let columns = try #require(session.shell.state.panel?.ownership?.columns)
        #expect(columns.count == 4)
        for column in columns {
            let source = column.nodes.first { $0.typeName == "AppState" }?.values.first { $0.path == "listingSource" }
            #expect(source?.summary == ".newHomes", "\(column.pattern.name): \(String(describing: source))")
        }
    }

    @Test("without a replay runner Tab says why it cannot build the other patterns")
    func everyPatternUnavailable() {
        let session = TestApp.session()
        session.press(.character("o"), .tab)
        #expect(session.text.contains("no replay runner"))
    }
}

/// The ownership panel in each pattern's greeting and listings, at 80×24 and 120×40, and the four
/// patterns side by side.
@MainActor
@Suite("Ownership panel goldens", .hangWatchdog)
struct OwnershipGoldenTests {
    @Test("ownership panel golden", arguments: PatternID.allCases, [ScreenID.greeting, .listings])
    func ownershipGolden(pattern: PatternID, screen: ScreenID) async {
        for size in [Size(width: 80, height: 24), Size(width: 120, height: 40)] {
            let session = TestApp.session(size: size, pattern: pattern, screen: screen)
            await session.settle()
            session.press(.character("o"))
            Golden.assert(session.text, matches: "ownership-\(pattern.argument)-\(screen.rawValue)-\(size.width)x\(size.height)")
        }
    }

    @Test("ownership every pattern golden")
    func everyPatternGolden() async {
        let session = TestApp.session(size: Size(width: 120, height: 40), pattern: .mvp, screen: .greeting)
        session.shell.replayer = TestApp.replayRunner()
        await session.settle()
        session.press(.character("o"), .tab)
        await session.ownership.capturedEveryPattern()
        session.shell.renderIfNeeded()
        Golden.assert(session.text, matches: "ownership-every-pattern-greeting-120x40")
    }
}
