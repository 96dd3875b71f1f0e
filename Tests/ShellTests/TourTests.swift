import AppComposition
import FakeServer
import PatternVocabulary
import Sessions
import Terminal
import Testing
import Tour
@testable import Shell

/// The guided tour in the shell: `mvx tour --check` on the shipped tour and on a copy that no longer
/// holds, the card's keys, a step done by the learner's own keys, and each step's card at 80×24.
@MainActor
@Suite("Guided tour", .hangWatchdog)
struct TourTests {
    static func runner() throws -> ReplayRunner {
        AppAssembly.replayRunner(registry: AppAssembly.patternRegistry(), fixtures: try Fixtures.bundled())
    }

    /// A headless shell with the shipped tour, its card shown (as `mvx tour` starts) or not.
    static func session(shown: Bool = true, progress: TourProgress? = TourProgress()) async throws -> HeadlessSession {
        let session = TestApp.session()
        await session.settle()
        session.shell.useTour(TourState(guide: try TourLoader.shipped(), progress: progress, isShown: shown))
        session.shell.render()
        return session
    }

    @Test("--check: every step of the shipped tour holds against the code")
    func shippedTourHolds() async throws {
        let results = try await Self.runner().checkTour(try TourLoader.shipped())
        #expect(!results.isEmpty)
        for result in results where !result.passed {
            Issue.record("\(result.line(of: results.count))")
        }
    }

    @Test("--check: a copy with one expectation changed fails that step, and only it")
    func changedExpectationFails() async throws {
        let changed = ShippedTour.text.replacing("→ Presenter GreetingPresenter.showGreeting",
                                                 with: "→ Presenter GreetingPresenter.showGreetingNow")
        #expect(changed != ShippedTour.text)
        let results = try await Self.runner().checkTour(try TourLoader.guide(TourParser.parse(changed)))
        let failed = results.filter { !$0.passed }
        #expect(failed.map(\.number) == [2])
        #expect(failed.first?.line(of: results.count)
                == "✗ 2/\(results.count) The same press in MVP: the trace shows no Presenter GreetingPresenter.showGreetingNow after the first 1 expected calls")
    }

    @Test("--check: a step whose expectation earlier steps already showed fails: it would test nothing")
    func stepDoneBeforeItsKeysFails() async throws {
        // Step 1 leaves compare open, and step 2 expects only that.
        var tour = try ShippedTour.tour()
        tour.steps[0].keys = "1 g enter c"
        tour.steps[1].expectation = TourExpectation(panel: "compare")
        let early = try await Self.runner().checkTour(try TourLoader.guide(tour))
        #expect(early[1].doneEarly && !early[1].passed)
    }

    @Test("T shows the card on its step; } and { step; h shows the hint; Esc leaves it there; T resumes there")
    func cardKeys() async throws {
        let session = try await Self.session(shown: false, progress: TourProgress(step: 2))
        #expect(!session.text.contains("Tour 3/"))
        session.press(.character("T"))
        #expect(session.text.contains("Tour 3/13 · The same press in MVVM"))
        session.press(.character("}"))
        #expect(session.shell.state.tour?.step == 3)
        session.press(.character("{"), .character("{"))
        #expect(session.shell.state.tour?.step == 1)
        session.press(.character("h"))
        #expect(session.text.contains("Hint: 2 switches every screen to MVP"))
        session.press(.escape)
        #expect(session.shell.state.tour?.isShown == false)
        #expect(!session.text.contains("Tour 2/13"))
        session.press(.character("h"), .character("}"))  // not the card's while it is hidden
        session.press(.character("T"))
        #expect(session.shell.state.tour?.step == 1)
        #expect(session.text.contains("Tour 2/13 · The same press in MVP"))
    }

    @Test("a step done with the learner's own keys shows ✓; going back keeps it")
    func ownKeysTickTheStep() async throws {
        let session = try await Self.session()
        #expect(!session.text.contains("✓ done"))
        session.press(.enter)
        await session.settle()
        #expect(session.text.contains("Tour 1/13 · The greeting in MVC ✓ done"))
        session.press(.character("}"))
        #expect(!session.text.contains("✓ done"), "the next step starts undone")
        session.press(.character("{"))
        #expect(session.text.contains("✓ done"))
    }

    @Test("S plays the step's solution on the live app and the card ticks it")
    func solutionPlays() async throws {
        let session = try await Self.session(progress: TourProgress(step: 3))
        session.press(.character("S"))
        await session.shell.tourPlayed()
        await session.settle()
        #expect(session.shell.state.pattern == .viper)
        #expect(session.text.contains("Tour 4/13 · The same press in VIPER ✓ done"))
    }

    @Test("a text field keeps the card's letters; the card's keys work again outside it")
    func fieldKeepsLetters() async throws {
        let session = try await Self.session()
        session.press(.up, .up)  // the last-name field, then the first-name field
        #expect(session.shell.environment.moduleHasTextFocus)
        session.press(.character("h"))
        #expect(!session.text.contains("Hint:"), "h was typed into the field")
        #expect(session.moduleText.contains("h"))
    }

    @Test("a first start names the tour's key, from the key map, and keeps ? help and q quit in sight (golden)")
    func firstStartNoticeGolden() async throws {
        let session = TestApp.session(tour: TourState(guide: try TourLoader.shipped(), progress: nil, isShown: false))
        #expect(session.text.contains("new here? press T for a guided tour of mvx (13 short steps)"))
        let bar = try #require(session.text.split(separator: "\n").last)
        #expect(bar.hasSuffix("? help  q quit"), "\(bar)")
        Golden.assert(session.text, matches: "first-start-80x24")
        // Kept progress: not a first start, no line.
        let again = try await Self.session(shown: false, progress: TourProgress(step: 4))
        #expect(!again.text.contains("new here?"))
    }

    @Test("the card takes rows of its own: the module and the trace pane end above it")
    func cardHidesNoPane() async throws {
        let session = try await Self.session()
        let layout = ShellLayout(size: session.screen.size, card: session.shell.state.tourCardRows)
        #expect(layout.card.height == 6 && layout.module.maxY == layout.card.minY && layout.card.maxY == layout.keyBar.minY)
        #expect(ShellLayout(size: Size(width: 64, height: 16), card: TourState.cardRows(height: 16)).module.height == 9)
    }

    /// Every step's card at 80×24 once its solution played (✓), then with its hint: each text fits.
    @Test("each step's card at 80×24 (goldens)")
    func cardGoldens() async throws {
        let session = try await Self.session()
        let count = session.shell.state.tour?.guide.tour.steps.count ?? 0
        for step in 0..<count {
            if step > 0 { session.press(.character("}")) }
            session.press(.character("S"))
            await session.shell.tourPlayed()
            await session.settle()
            session.shell.render()
            var text = card(session)
            session.press(.character("h"))
            text += "\n" + card(session).split(separator: "\n").dropFirst().dropLast().joined(separator: "\n")
            session.press(.character("h"))
            #expect(!text.contains(" …"), "step \(step + 1)'s text or hint does not fit its card:\n\(text)")
            Golden.assert(text, matches: String(format: "tour-step-%02d", step + 1))
        }
    }

    @Test("mvx tour's first screen at 80×24 (golden)")
    func firstScreenGolden() async throws {
        let session = try await Self.session()
        Golden.assert(session.text, matches: "tour-first-screen")
    }

    /// The card's rows, trailing blanks cut.
    private func card(_ session: HeadlessSession) -> String {
        let layout = ShellLayout(size: session.screen.size, card: session.shell.state.tourCardRows)
        return (layout.card.minY..<layout.card.maxY).map { y in
            var row = session.screen.row(y)
            while row.last == " " { row.removeLast() }
            return row
        }.joined(separator: "\n")
    }
}
