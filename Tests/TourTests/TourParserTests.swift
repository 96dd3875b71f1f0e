import PatternVocabulary
import Testing
import Tour
import Tracing

@Suite struct TourParserTests {
    static let good = """
        # a comment
        tour: A small tour

        step: Press it
        pane: trace
        text: Press Enter.
          Read the trace.
        hint: Enter presses the button.
        keys: enter
        expect: View → Presenter.showGreeting -> View GreetingViewController.setGreeting
          → Network APIManager<RentListAPI>.land

        step: Compare
        pane: compare
        text: Press c.
        hint: c
        keys-at-once: c
        panel: compare
        """

    @Test func readsEveryField() throws {
        let tour = try TourParser.parse(Self.good)
        #expect(tour.title == "A small tour")
        #expect(tour.steps.count == 2)
        let first = tour.steps[0]
        #expect(first.title == "Press it")
        #expect(first.text == "Press Enter. Read the trace.")
        #expect(first.pane == .trace)
        #expect(first.keys == "enter")
        #expect(!first.keysAtOnce)
        #expect(first.lines == TourStep.Lines(step: 4, keys: 9))
        #expect(first.expectation.calls == [
            RoleCall(role: .view),
            RoleCall(role: .presenter, method: "showGreeting"),
            RoleCall(role: .view, type: "GreetingViewController", method: "setGreeting"),
            RoleCall(role: .network, type: "APIManager<RentListAPI>", method: "land"),
        ])
        #expect(tour.steps[1].expectation == TourExpectation(calls: [], panel: "compare"))
        #expect(tour.steps[1].keysAtOnce)
    }

    /// Each kind of bad file names its line and its problem.
    @Test(arguments: [
        ("tour: T\nstep: S\npane: trace\ntext: t\nhint: h\nkeys: x\nexpect: Presnter", 7, "unknown role 'Presnter'"),
        ("tour: T\nstep: S\npane: trase\ntext: t\nhint: h\nkeys: x\nexpect: View", 3, "unknown pane 'trase'"),
        ("tour: T\nstep: S\npane: trace\ntext: t\nhint: h\nkeys: x\nexpect: View\ncolour: red", 8, "unknown field 'colour'"),
        ("tour: T\nstep: S\npane: trace\ntext: t\nhint: h\nkeys: x\nexpect: View\ntext: again", 8, "a second 'text:'"),
        ("tour: T\nstep: S\npane: trace\ntext: t\nkeys: x\nexpect: View", 2, "has no 'hint:' line"),
        ("tour: T\nstep: S\npane: trace\ntext: t\nhint: h\nexpect: View", 2, "has no 'keys:' line"),
        ("tour: T\nstep: S\npane: trace\ntext: t\nhint: h\nkeys: x", 2, "expects nothing"),
        ("tour: T\nstep: S\npane: trace\ntext: t\u{1B}[2J\nhint: h\nkeys: x\nexpect: View", 4, "a control character (U+001B)"),
        ("tour: T\nstep: S\npane: trace\ntext: t\nhint: h\nkeys: x\nexpect: View → → View", 7, "an empty role call"),
        ("tour: T\nstep: S\npane: trace\ntext: t\nhint: h\nkeys: x\npanel: mixer", 7, "unknown panel 'mixer'"),
        ("tour: T\n  stray\nstep: S", 2, "an indented line continues"),
        ("tour: T\nno colon here", 2, "not a 'field: value' line"),
        ("step: S", 1, "a step before the 'tour:' line"),
        ("text: t", 1, "before the first 'step:'"),
    ] as [(String, Int, String)])
    func namesLineAndProblem(_ text: String, _ line: Int, _ problem: String) {
        #expect {
            try TourParser.parse(text)
        } throws: { error in
            guard let error = error as? TourFileError else { return false }
            return error.line == line && error.problem.contains(problem)
        }
    }

    @Test func refusesAFileWithoutTourOrSteps() {
        #expect(throws: TourFileError(line: nil, problem: "no 'tour:' line naming the tour")) { try TourParser.parse("# nothing\n") }
        #expect(throws: TourFileError(line: nil, problem: "no steps: each starts with a 'step:' line")) { try TourParser.parse("tour: T\n") }
        #expect(throws: TourFileError(line: 2, problem: "not UTF-8 text")) { try TourParser.parse(Array("tour: T\n".utf8) + [0xFF]) }
    }

    @Test func theShippedTourParses() throws {
        let tour = try ShippedTour.tour()
        #expect((10...14).contains(tour.steps.count))
        #expect(Set(tour.steps.map(\.title)).count == tour.steps.count)
    }
}

@Suite struct TourMatcherTests {
    private func event(_ role: Role, _ type: String, _ method: String, _ sequence: UInt64) -> TraceEvent {
        TraceEvent(sequence: sequence, actionID: 1, pattern: "MVP", role: role, type: type, method: method,
                   file: "F.swift", line: 1, detail: "")
    }

    private var press: [TraceEvent] {
        [event(.view, "Button", "sendActions", 1),
         event(.view, "GreetingViewController", "didTapButton", 2),
         event(.presenter, "GreetingPresenter", "showGreeting()", 3),
         event(.model, "Person", "greetingNames", 4),
         event(.view, "GreetingViewController", "setGreeting(_:)", 5),
         event(.network, "APIManager<RentListAPI>", "land(_:)", 6)]
    }

    @Test func matchesAnOrderedSubsequence() {
        let calls = [RoleCall(role: .view), RoleCall(role: .presenter, method: "showGreeting"),
                     RoleCall(role: .view, type: "GreetingViewController", method: "setGreeting")]
        #expect(TourMatcher.check(TourExpectation(calls: calls), events: press, openPanel: nil).isMet)
    }

    @Test func orderMatters() {
        let calls = [RoleCall(role: .view, method: "setGreeting"), RoleCall(role: .presenter, method: "showGreeting")]
        let outcome = TourMatcher.check(TourExpectation(calls: calls), events: press, openPanel: nil)
        #expect(!outcome.isMet)
        #expect(outcome.matchedCalls == 1)
        #expect(outcome.reason == "the trace shows no Presenter.showGreeting after the first 1 expected calls")
    }

    @Test func aRoleMustMatchItsType() {
        // The presenter's method under another role, or another type, is not the call named.
        #expect(!TourMatcher.check(TourExpectation(calls: [RoleCall(role: .viewModel, method: "showGreeting")]),
                                   events: press, openPanel: nil).isMet)
        #expect(!TourMatcher.check(TourExpectation(calls: [RoleCall(role: .view, type: "Label", method: "setGreeting")]),
                                   events: press, openPanel: nil).isMet)
    }

    @Test func genericArgumentsAreOptional() {
        let bare = RoleCall(role: .network, type: "APIManager", method: "land")
        let exact = RoleCall(role: .network, type: "APIManager<RentListAPI>", method: "land")
        let other = RoleCall(role: .network, type: "APIManager<NewHomesListAPI>", method: "land")
        #expect(TourMatcher.check(TourExpectation(calls: [bare]), events: press, openPanel: nil).isMet)
        #expect(TourMatcher.check(TourExpectation(calls: [exact]), events: press, openPanel: nil).isMet)
        #expect(!TourMatcher.check(TourExpectation(calls: [other]), events: press, openPanel: nil).isMet)
    }

    @Test func aPanelMustBeOpen() {
        let expectation = TourExpectation(calls: [RoleCall(role: .view)], panel: "compare")
        #expect(!TourMatcher.check(expectation, events: press, openPanel: nil).isMet)
        #expect(!TourMatcher.check(expectation, events: press, openPanel: "metrics").isMet)
        #expect(TourMatcher.check(expectation, events: press, openPanel: "compare").isMet)
        #expect(!TourMatcher.check(expectation, events: [], openPanel: "compare").isMet)
    }
}

@Suite struct TourProgressTests {
    @Test func roundTrips() {
        let progress = TourProgress(step: 4, done: [0, 1, 3])
        #expect(TourProgress.decode(Array(progress.encoded.utf8), stepCount: 13) == progress)
    }

    @Test(arguments: ["", "garbage", "mvx tour progress 1\nstep x\ndone\n", "mvx tour progress 1\nstep 2\ndone 1 y\n",
                      "mvx tour progress 9\nstep 2\ndone 1\n"])
    func ignoresAFileItDidNotWrite(_ text: String) {
        #expect(TourProgress.decode(Array(text.utf8), stepCount: 13) == nil)
    }

    @Test func dropsStepsAnEditedTourNoLongerHas() {
        let kept = TourProgress(step: 11, done: [2, 10, 11])
        #expect(TourProgress.decode(Array(kept.encoded.utf8), stepCount: 5) == TourProgress(step: 4, done: [2]))
    }

    @Test func keepsItInTheDataFolder() throws {
        let root = "/tmp/mvx-tour-progress-\(UInt64.random(in: 0...UInt64.max))"
        let store = TourProgressStore(tourPath: nil, environment: ["XDG_DATA_HOME": root])
        #expect(store.path == root + "/mvx/tour/shipped.progress")
        #expect(TourProgressStore(tourPath: nil, environment: ["HOME": "/home/ann"]).path
                == "/home/ann/.local/share/mvx/tour/shipped.progress")
        #expect(!store.exists)
        #expect(store.load(stepCount: 13) == nil)
        #expect(store.save(TourProgress(step: 2, done: [0, 1])) == nil)
        #expect(store.exists)
        #expect(store.load(stepCount: 13) == TourProgress(step: 2, done: [0, 1]))
        #expect(store.reset())
        #expect(!store.exists)
        #expect(!store.reset())
    }

    @Test func aTeachersFilesKeepApart() {
        let one = TourProgressStore.fileName(tourPath: "/a/lesson.tour")
        let two = TourProgressStore.fileName(tourPath: "/b/lesson.tour")
        #expect(one != two)
        #expect(one.hasPrefix("lesson_tour-"))
        #expect(TourProgressStore.fileName(tourPath: "/a/lesson.tour") == one)
    }
}
