import Mediator
import PatternVocabulary
import Terminal
import Testing
import Tracing
@testable import Shell

@MainActor
@Suite("Compare: two patterns side by side (v)", .hangWatchdog)
struct ComparePairTests {
    /// Presses Enter on the greeting button in `pattern`, then `c` and `v`.
    static func greetingPair(_ pattern: PatternID, size: Size = Size(width: 120, height: 40)) async throws
        -> (HeadlessSession, ComparePair.Aligned) {
        let session = CompareTests.session(size: size, pattern: pattern)
        await session.settle()
        session.press(.enter)
        _ = try await CompareTests.openCompare(session)
        session.press(.character("v"))
        let panel = try #require(session.shell.state.panel?.compare)
        let pair = try #require(panel.pair)
        let columns = try #require(panel.columns)
        let aligned = try #require(pair.aligned(left: pattern, columns: columns))
        return (session, aligned)
    }

    @Test("MVP | MVVM pressing the button, aligned role by role from the replays: presenter ↔ view model, setGreeting ↔ the binding")
    func mvpAgainstMVVM() async throws {
        let (session, aligned) = try await Self.greetingPair(.mvp)
        #expect(aligned.left.pattern == .mvp && aligned.right.pattern == .mvvm, "MVP is read against MVVM")
        #expect(aligned.rowTexts == [
            "View Button.sendActions ↔ View Button.sendActions",
            "View GreetingViewController.didTapButton ↔ —",
            "Presenter GreetingPresenter.showGreeting ↔ ViewModel GreetingViewModel.showGreeting",
            "Model Person.greetingNames ↔ Model Person.greetingNames",
            "View GreetingViewController.setGreeting ↔ ViewModel GreetingViewModel.greeting",
            "— ↔ View GreetingViewController.showGreeting",
            "View Label.text ↔ View Label.text",
        ], "\(aligned.rowTexts)")
        // The row that tells the view: MVP's call into the view against the view model's binding.
        let tells = try #require(aligned.steps.first { $0.left.map { aligned.leftEvents[$0].bareMethod } == "setGreeting" })
        #expect(tells.right.map { aligned.rightEvents[$0].detail }?.contains("greetingDidChange") == true)
        let text = session.text
        #expect(session.panelTitle == "Compare · Greeting")
        #expect(text.contains("▸ Enter on [Show greeting] — MVP | MVVM, role by role"))
        #expect(text.contains("View GreetingViewController.setGreeting  label ← greeting │ ViewModel greeting  set → greetingDidChange"),
                "the row that tells the view, each side's detail beside it")
        #expect(text.contains("— none in MVVM"), "the side without the step says so")
        #expect(text.contains("GreetingPresenter.swift:") && text.contains("GreetingViewModel.swift:"),
                "v opens on the deciding step, each side's code under it")
        #expect(!text.contains("@Traced"), "the code is the lesson view's: no trace lines")
    }

    @Test("a step one pattern lacks says why, from its own path: MVVM's button calls the view model itself")
    func gap() async throws {
        let (session, aligned) = try await Self.greetingPair(.mvp)
        let row = try #require(aligned.steps.firstIndex { $0.right == nil })
        #expect(PathAlignment.gap(at: row, in: aligned.steps, side: \.right, events: aligned.rightEvents)
                == "Button.sendActions calls GreetingViewModel.showGreeting itself")
        session.press(.home, .down)
        #expect(session.text.contains("MVVM has no step here: Button.sendActions calls"))
    }

    @Test("→ and ← change the right-hand pattern among the other three; v goes back to the four columns")
    func keys() async throws {
        let (session, _) = try await Self.greetingPair(.mvp)
        func right() -> PatternID? { session.shell.state.panel?.compare?.pair?.right }
        session.press(.right)
        #expect(right() == .viper)
        session.press(.right)
        #expect(right() == .mvc)
        session.press(.left, .left)
        #expect(right() == .mvvm)
        session.press(.character("v"))
        #expect(session.shell.state.panel?.compare?.pair == nil)
        #expect(session.text.contains(" MVC ") && session.text.contains("steps"), "the four columns again")
    }

    @Test("the partner each pattern is read against", arguments: [(PatternID.mvc, PatternID.mvp), (.mvp, .mvvm),
                                                                   (.mvvm, .mvp), (.viper, .mvp)])
    func partners(_ pattern: PatternID, _ partner: PatternID) async throws {
        let (_, aligned) = try await Self.greetingPair(pattern)
        #expect(aligned.right.pattern == partner)
        #expect(aligned.steps.contains { $0.left != nil && $0.right != nil })
    }

    @Test("on the listings at 80×24: a source switch pairs and draws, role names kept in both columns")
    func listings() async throws {
        let session = CompareTests.session(size: Size(width: 80, height: 24), pattern: .mvvm, screen: .listings)
        await session.settle()
        session.press(.right)
        await session.settle()
        _ = try await CompareTests.openCompare(session)
        session.press(.character("v"))
        let panel = try #require(session.shell.state.panel?.compare)
        let columns = try #require(panel.columns)
        let aligned = try #require(panel.pair?.aligned(left: .mvvm, columns: columns))
        #expect(aligned.right.pattern == .mvp)
        #expect(aligned.steps.count >= max(aligned.leftEvents.count, aligned.rightEvents.count))
        #expect(aligned.steps.compactMap(\.left) == Array(aligned.leftEvents.indices), "every MVVM step once, in order")
        #expect(aligned.steps.compactMap(\.right) == Array(aligned.rightEvents.indices), "every MVP step once, in order")
        #expect(aligned.rowTexts.contains { $0.hasPrefix("ViewModel ") && $0.contains("↔ Presenter ") })
        let text = session.text
        #expect(text.contains("▸ → — MVVM | MVP"))
        #expect(text.contains("ViewModel ") && text.contains("Presenter "), "\(text)")
        session.press(.end)
        #expect(session.text != text, "End selects the last step")
    }

    @Test("a hand-made pair: the binding's step pairs with the presenter's call into the view; an empty path leaves every step alone")
    func handMade() {
        let mvvm = [
            HandMadeTrace.event(20, .view, "Button", "sendActions()"),
            HandMadeTrace.event(21, .viewModel, "ListViewModel", "didTap()", caller: 20),
            HandMadeTrace.event(22, .binding, "Observable", "value", caller: 21),
            HandMadeTrace.event(23, .view, "ListViewController", "showLoading()", caller: 22),
            HandMadeTrace.event(24, .network, "APIManager", "submit()", caller: 21),
        ]
        let steps = PathAlignment.align(Array(HandMadeTrace.tapThatLoads.prefix(5)), mvvm)
        #expect(steps == [PathAlignment.Step(left: 0, right: 0), PathAlignment.Step(left: 1, right: nil),
                          PathAlignment.Step(left: 2, right: 1), PathAlignment.Step(left: 3, right: 2),
                          PathAlignment.Step(left: nil, right: 3), PathAlignment.Step(left: 4, right: 4)],
                "button, the view's tap alone, presenter ↔ view model, showLoading ↔ the binding, its reaction alone, the request")
        #expect(PathAlignment.align([], mvvm) == mvvm.indices.map { PathAlignment.Step(left: nil, right: $0) })
        #expect(PathAlignment.gap(at: 4, in: steps, side: \.left, events: Array(HandMadeTrace.tapThatLoads.prefix(5)))
                == "GreetingPresenter.didTap calls APIManager.submit itself")
    }

    @Test("when no role method ran in either replay, the view says so plainly")
    func nothingRan() {
        let session = TestApp.session(size: Size(width: 80, height: 24))
        var panel = ComparePanel(screen: .greeting, pattern: .mvp, keys: [], token: 1, canReplay: true)
        panel.show([.mvp, .mvvm].map { ComparedAction(pattern: $0, entry: nil, counts: ActionCounts(events: []), verdict: "",
                                                       failure: nil) })
        let context = session.shell.environment.panelContext(.body, size: session.screen.size)
        _ = panel.handle(.character("v"), in: context)
        #expect(panel.pair != nil)
        let screen = MemoryScreen(size: context.size)
        panel.draw(into: Canvas(screen: screen, bounds: Rect(origin: .zero, size: context.size)), context: context)
        #expect(screen.text.contains("No role method ran in the replayed action, in MVP or MVVM"), "\(screen.text)")
    }
}

@MainActor
@Suite("Golden screens: compare's pair view", .hangWatchdog)
struct ComparePairGoldenTests {
    @Test("MVP | MVVM, the greeting press, at 120×40 and 80×24", arguments: [Size(width: 120, height: 40), Size(width: 80, height: 24)])
    func greeting(_ size: Size) async throws {
        let (session, _) = try await ComparePairTests.greetingPair(.mvp, size: size)
        Golden.assert(session.text, matches: "compare-pair-mvp-mvvm-greeting-\(size.width)x\(size.height)")
    }

    @Test("MVP | MVVM at 120×40, the step that tells the view selected: setGreeting beside the binding's greetingDidChange")
    func tellingTheView() async throws {
        let (session, _) = try await ComparePairTests.greetingPair(.mvp)
        session.press(.down, .down)
        Golden.assert(session.text, matches: "compare-pair-mvp-mvvm-greeting-binding-120x40")
    }
}
