import Model
import PatternVocabulary
import Terminal
import Testing
import Tracing
@testable import Shell

/// The state timeline (`t`): what each action changed in the stored state, where each pattern
/// keeps it, and rewind.
@MainActor
@Suite("State timeline", .hangWatchdog)
struct TimelineTests {
    /// Replaces the first name with Ada and presses the button.
    private func greetAda(_ session: HeadlessSession) async {
        await session.settle()
        session.press(.up, .up, .end)
        session.press(Array(repeating: Key.backspace, count: 5))
        session.type("Ada")
        session.press(.down, .down, .enter)
        await session.settle()
    }

    /// The module's column of the screen, left of the divider.
    private func moduleText(_ session: HeadlessSession) -> String {
        session.text.split(separator: "\n").map { $0.prefix { $0 != "│" } }.joined(separator: "\n")
    }

    private func changes(_ session: HeadlessSession, of label: String) -> [String] {
        session.shell.timeline.actions.last { $0.label.hasPrefix(label) }?.changes.map(\.description) ?? ["no such action"]
    }

    @Test(arguments: PatternID.allCases)
    func typingChangesTheSharedModelAndThePressShowsWhereTheGreetingLives(_ pattern: PatternID) async {
        let session = TestApp.session(pattern: pattern)
        await greetAda(session)
        #expect(changes(session, of: "typing in First name").prefix(1) == [#"AppState.person.firstName "" → "Ada""#])
        let press = changes(session, of: "Enter on [Show greeting]")
        // MVVM keeps the greeting in its view model, bound to the label; the others only in the label.
        let expected = pattern == .mvvm
            ? [#"GreetingViewModel.greeting nil → "Hello Ada Blaine""#,
               #"GreetingFormView.greetingLabel.text "" → "Hello Ada Blaine""#]
            : [#"GreetingFormView.greetingLabel.text "" → "Hello Ada Blaine""#]
        #expect(press == expected)
    }

    /// The reformer's rows in the role that chose the reformer (VIPER's interactor keeps entities).
    @Test(arguments: [(PatternID.mvc, "ListingsViewController.rows"), (.mvp, "ListingsPresenter.rows"),
                      (.mvvm, "ListingsViewModel.rows.value"), (.viper, "ListingsInteractor.listings")])
    func theListingsLiveInThePatternsOwnRole(_ pattern: PatternID, owner: String) async {
        let session = TestApp.session(pattern: pattern, screen: .listings)
        await session.settle()
        session.press(.end)  // the last row asks for the second page
        await session.settle()
        let paged = changes(session, of: "End")
        #expect(paged.contains("\(owner) 20 → 40"), "\(paged)")
        #expect(paged.contains(#"AppState.selectedListingID nil → "rent:r-020""#))
    }

    @Test func aRewindReplaysTheKeysOnARebuiltModuleAndTheScreenReturns() async throws {
        let session = TestApp.session(pattern: .mvp)
        await greetAda(session)
        #expect(session.text.contains("Hello Ada Blaine"))
        session.press(.character("t"))
        // Up from the newest (the press) to the typing before it.
        let timeline = session.shell.timeline
        let typing = try #require(timeline.actions.last { $0.label == "typing in First name" })
        let newest = try #require(timeline.actions.last)
        // Bounded: a title that never comes fails here instead of pressing ↑ for ever.
        for _ in timeline.actions where session.panelTitle != "Timeline · #\(typing.number) of \(newest.number)" {
            session.press(.up)
        }
        try #require(session.panelTitle == "Timeline · #\(typing.number) of \(newest.number)")
        session.press(.character("r"))
        await session.shell.replayed()
        await session.settle()
        #expect(!moduleText(session).contains("Hello Ada Blaine"))
        #expect(moduleText(session).contains("[Ada "))
        let rewind = try #require(timeline.actions.last)
        #expect(rewind.label == "rewind to #\(typing.number) · \(typing.keys) keys replayed")
        #expect(rewind.changes.map(\.description).contains(#"GreetingFormView.greetingLabel.text "Hello Ada Blaine" → """#))
        #expect(session.text.contains("a replay, not a restore"))
        // The user goes on from there: the module is live, its keys are the replayed ones.
        #expect(session.shell.state.keysOnScreen.count == typing.keys)
        session.press(.escape, .down, .down, .enter)
        #expect(moduleText(session).contains("Hello Ada Blaine"))
    }

    @Test func anActionOfAnEarlierModuleCannotBeRewoundTo() async {
        let session = TestApp.session(pattern: .mvc)
        await greetAda(session)
        session.press(.character("2"))
        await session.settle()
        session.press(.character("t"), .home, .character("r"))
        #expect(session.text.contains("before this module was built"))
        #expect(session.shell.timeline.actions.allSatisfy { !$0.label.hasPrefix("rewind") })
    }

    @Test func enterOpensTheSourcePaneOnThePatternsFirstRoleMethod() async {
        let session = TestApp.session(pattern: .viper)
        await greetAda(session)
        session.press(.character("t"), .enter)
        // The view controller that forwards the press, not the widget button that sent it.
        #expect(session.panelTitle?.hasPrefix("Source · GreetingViewController.swift:") == true)
    }

    @Test func theTimelineKeepsALimitedNumberOfActions() {
        let timeline = StateTimeline(capacity: 3)
        let trace = TraceBuffer()
        let tracer = Tracer(sinks: [trace])
        let appState = AppState()
        for number in 1...5 {
            tracer.perform("edit \(number)", pattern: "MVC") { appState.editPerson { $0.firstName = "Ada\(number)" } }
            timeline.record(trace: trace, module: nil, appState: appState, build: 1, keys: number)
        }
        #expect(timeline.actions.map(\.number) == [3, 4, 5])
        #expect(timeline.dropped == 2)
        #expect(timeline.actions.last?.changes.map(\.description) == [#"AppState.person.firstName "Ada4" → "Ada5""#])
    }

    @Test(arguments: [(PatternID.mvvm, Size(width: 80, height: 24)), (.mvvm, Size(width: 120, height: 40)),
                      (.mvc, Size(width: 80, height: 24))])
    func timelineWithADiffMatchesGolden(_ pattern: PatternID, size: Size) async {
        let session = TestApp.session(size: size, pattern: pattern)
        await greetAda(session)
        session.press(.character("t"), .up)  // from the press to the typing before it
        Golden.assert(session.text, matches: "timeline-\(pattern.name.lowercased())-greeting-\(size.width)x\(size.height)")
    }
}
