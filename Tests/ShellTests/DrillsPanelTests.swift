import CodeMetrics
import PatternVocabulary
import Terminal
import Testing
@testable import Shell

@MainActor
@Suite("Change drills panel (D)", .hangWatchdog)
struct DrillsPanelTests {
    /// An MVP patch that changes the presenter's body.
    static let presenterPatch = """
            diff --git a/Sources/Patterns/MVP/Greeting/GreetingPresenter.swift b/Sources/Patterns/MVP/Greeting/GreetingPresenter.swift
            --- a/Sources/Patterns/MVP/Greeting/GreetingPresenter.swift
            +++ b/Sources/Patterns/MVP/Greeting/GreetingPresenter.swift
            @@ -36,3 +36,3 @@ final class GreetingPresenter: GreetingViewPresenter {
                         return
                     }
            -        view?.setGreeting("Hello" + " " + first + " " + last)
            +        view?.setGreeting("Good evening," + " " + first + " " + last)

            """

    /// A drill whose MVP patch changes the presenter's body and whose other patterns need nothing.
    static let sample = try! ChangeDrill(name: "sample", files: [
        "request.md": "# Greet by the time of day\n\nThe greeting says good evening.\nIn one place.\n\nexpected: MVC Controller; MVP Presenter; MVVM ViewModel; VIPER Interactor\n",
        "mvp.patch": presenterPatch, "mvc.patch": "", "mvvm.patch": "", "viper.patch": "",
    ])
    static let other = try! ChangeDrill(name: "other", files: [
        "request.md": "# Nothing at all\n\nexpected: MVC Controller; MVP Presenter; MVVM ViewModel; VIPER Presenter\n",
        "mvc.patch": "", "mvp.patch": "", "mvvm.patch": "", "viper.patch": "",
    ])

    @Test("the request, the four patterns' figures, a note from them and the pattern's patch as a coloured diff")
    func lines() {
        let panel = DrillsPanel(report: DrillsReport(drills: [Self.sample, Self.other]))
        let rows = panel.lines(for: .mvp, width: 100)
        let text = rows.map(\.text)
        #expect(text.first == " Greet by the time of day")
        #expect(text.contains(" The greeting says good evening. In one place."), "a paragraph is rewrapped whole")
        #expect(text.contains { $0.hasPrefix(" MVP   1     1    1    0     local") && $0.hasSuffix("Presenter") })
        #expect(text.contains { $0.hasPrefix(" MVC   0     0    0    0     none") && $0.hasSuffix("no pattern code") })
        #expect(text.contains { $0.contains("MVP: one role (Presenter), 2 lines; MVC, MVVM, VIPER needed none") })
        let added = rows.first { $0.text.contains("+        view?.setGreeting(\"Good evening,\"") }
        let removed = rows.first { $0.text.contains("-        view?.setGreeting(\"Hello\"") }
        #expect(added?.segments.first?.style == ShellTheme.diffAdded)
        #expect(removed?.segments.first?.style == ShellTheme.diffRemoved)
        #expect(text.contains(" MVP/Greeting/GreetingPresenter.swift"))
        #expect(panel.lines(for: .mvc, width: 100).map(\.text).contains("   (empty: no change in this pattern)"))
        #expect(panel.note(for: .mvc) == "MVC needed no pattern code: the change stayed below the patterns")
    }

    @Test("the patch's heading names the roles the change reached beyond the predicted ripple")
    func beyondThePrediction() throws {
        // Nothing in MVP holds its builder, so a change expected there predicts no other role.
        let drill = try ChangeDrill(name: "ripple", files: [
            "request.md": "# Ripple\n\nexpected: MVC Controller; MVP Builder; MVVM ViewModel; VIPER Interactor\n",
            "mvp.patch": Self.presenterPatch, "mvc.patch": "", "mvvm.patch": "", "viper.patch": "",
        ])
        let panel = DrillsPanel(report: DrillsReport(drills: [drill]))
        let text = panel.lines(for: .mvp, width: 100).map(\.text)
        #expect(text.contains(" MVP's patch: expected Builder · predicted Builder · beyond the prediction: Presenter"), "\(text)")
        let narrow = panel.lines(for: .mvp, width: 40).map(\.text)
        let heading = try #require(narrow.firstIndex { $0.hasPrefix(" MVP's patch: expected Builder") }, "\(narrow)")
        let wrapped = narrow[heading..<min(narrow.count, heading + 3)]
        #expect(wrapped.joined().contains("beyond the prediction: Presenter") && wrapped.allSatisfy { $0.count <= 40 },
                "the heading wraps to the panel: \(wrapped)")
        let sample = DrillsPanel(report: DrillsReport(drills: [Self.sample])).lines(for: .mvp, width: 100).map(\.text)
        #expect(!sample.contains { $0.contains("beyond the prediction") }, "none when the change stayed in the prediction")
    }

    @Test("D opens the drills; ← → go through them; 1-4 keep it open, the diff follows; D and Esc close")
    func keys() async {
        let session = TestApp.session(size: Size(width: 120, height: 40))
        await session.settle()
        session.press(.character("D"))
        let count = DrillsReport.current.drills.count
        #expect(session.shell.state.panel?.drills != nil)
        #expect(session.panelTitle?.hasPrefix("Change drills · 1 of \(count)") == true)
        session.press(.right)
        #expect(session.panelTitle?.hasPrefix("Change drills · \(min(2, count)) of \(count)") == true)
        session.press(.left)
        session.press(.left)
        #expect(session.panelTitle?.hasPrefix("Change drills · \(count) of \(count)") == true, "← from the first is the last")
        session.press(.character("2"))
        #expect(session.shell.state.pattern == .mvp && session.shell.state.panel?.drills != nil)
        #expect(session.text.contains("MVP's patch"))
        session.press(.character("D"))
        #expect(session.shell.state.panel == nil)
        session.press(.character("D"))
        session.press(.escape)
        #expect(session.shell.state.panel == nil)
    }

    @Test("golden: the first drill in MVP at 80×24 and 120×40")
    func drillsPanelGolden() async {
        for (size, name) in [(Size(width: 80, height: 24), "drills-80x24"), (Size(width: 120, height: 40), "drills-120x40")] {
            let session = TestApp.session(size: size, pattern: .mvp)
            await session.settle()
            session.press(.character("D"))
            session.shell.renderIfNeeded()
            Golden.assert(session.text, matches: name)
        }
    }
}
