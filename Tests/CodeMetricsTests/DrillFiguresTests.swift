import CodeMetrics
import Foundation
import PatternVocabulary
import SourceCatalog
import Testing

/// The change drills' figures, counted from patches: what each pattern's change touched, how
/// (ALMA's classes), and which roles the role graph predicts it ripples into.
@Suite("Change drill figures")
struct DrillFiguresTests {
    /// MVP's presenter builds the greeting: a change inside one method's body.
    static let presenterBody = """
        diff --git a/Sources/Patterns/MVP/Greeting/GreetingPresenter.swift b/Sources/Patterns/MVP/Greeting/GreetingPresenter.swift
        index 1111111..2222222 100644
        --- a/Sources/Patterns/MVP/Greeting/GreetingPresenter.swift
        +++ b/Sources/Patterns/MVP/Greeting/GreetingPresenter.swift
        @@ -36,3 +36,3 @@ final class GreetingPresenter: GreetingViewPresenter {
                     return
                 }
        -        view?.setGreeting("Hello" + " " + first + " " + last)
        +        view?.setGreeting("Good evening," + " " + first + " " + last)

        """
    /// A method added to MVP's view protocol (and its view controller): how presenter and view talk.
    static let viewProtocol = """
        diff --git a/Sources/Patterns/MVP/Greeting/GreetingView.swift b/Sources/Patterns/MVP/Greeting/GreetingView.swift
        --- a/Sources/Patterns/MVP/Greeting/GreetingView.swift
        +++ b/Sources/Patterns/MVP/Greeting/GreetingView.swift
        @@ -9,3 +9,5 @@ protocol GreetingView: AnyObject {
             /// Puts the person's names in the fields.
             func setNames(firstName: String, lastName: String)
        +    /// Shows the part of the day.
        +    func setPartOfDay(_ part: String)
         }
        diff --git a/Tests/MVPTests/MVPGreetingPresenterTests.swift b/Tests/MVPTests/MVPGreetingPresenterTests.swift
        new file mode 100644
        --- /dev/null
        +++ b/Tests/MVPTests/MVPGreetingPresenterTests.swift
        @@ -0,0 +1,3 @@
        +@Test("evening")
        +func evening() {}
        +@Test func morning() {}

        """

    static func drill(mvp: String, expectedMVP: String = "Presenter") throws -> ChangeDrill {
        try ChangeDrill(name: "sample", files: [
            "request.md": "# A sample request\n\nWords.\n\nexpected: MVC Controller; MVP \(expectedMVP); MVVM ViewModel; VIPER Interactor, Presenter\n",
            "mvc.patch": "", "mvp.patch": mvp, "mvvm.patch": "", "viper.patch": "",
        ])
    }

    @Test("a patch is read: its files, the lines it adds and removes, where they are")
    func parsesDiff() throws {
        let files = try UnifiedDiff.parse(Self.presenterBody + Self.viewProtocol)
        #expect(files.map(\.path) == ["Sources/Patterns/MVP/Greeting/GreetingPresenter.swift",
                                      "Sources/Patterns/MVP/Greeting/GreetingView.swift", "Tests/MVPTests/MVPGreetingPresenterTests.swift"])
        #expect(files.map(\.added) == [1, 2, 3])
        #expect(files.map(\.removed) == [1, 0, 0])
        #expect(files[0].hunks[0].removedLines == [38])
        #expect(files[1].touchedOldLines == [10, 10], "both new lines follow line 10")
        #expect(files.map(\.isNew) == [false, false, true])
        #expect(throws: UnifiedDiff.Failure.self) { try UnifiedDiff.parse("diff --git a/x b/x\n@@ nonsense @@\n") }
    }

    @Test("one method's body: local, one role, as expected")
    func localChange() throws {
        let figures = DrillFigures(drill: try Self.drill(mvp: Self.presenterBody), pattern: .mvp)
        #expect(figures.touched == [.presenter])
        #expect(figures.changeClass == .local)
        #expect((figures.added, figures.removed, figures.files, figures.testsAdded) == (1, 1, 1, 0))
        #expect(figures.rippled.isEmpty)
        let untouched = DrillFigures(drill: try Self.drill(mvp: Self.presenterBody), pattern: .mvc)
        #expect(untouched.changeClass == .none && untouched.touched.isEmpty)
    }

    @Test("a method added to the view protocol: architectural, the protocol named; tests counted apart")
    func architecturalChange() throws {
        let figures = DrillFigures(drill: try Self.drill(mvp: Self.viewProtocol), pattern: .mvp)
        #expect(figures.touched == [.view])
        #expect(figures.protocols == ["GreetingView"])
        #expect(figures.changeClass == .architectural)
        #expect(figures.testsAdded == 2)
        #expect((figures.added, figures.files) == (2, 2), "source lines only; both files counted")
    }

    @Test("a new initializer requirement is assembly, not how the roles talk: not architectural")
    func initializerIsNotArchitectural() throws {
        let patch = """
            diff --git a/Sources/Patterns/MVP/Greeting/GreetingPresenter.swift b/Sources/Patterns/MVP/Greeting/GreetingPresenter.swift
            --- a/Sources/Patterns/MVP/Greeting/GreetingPresenter.swift
            +++ b/Sources/Patterns/MVP/Greeting/GreetingPresenter.swift
            @@ -7,3 +7,3 @@
             protocol GreetingViewPresenter: AnyObject {
            -    init(view: any GreetingView, model: AppState)
            +    init(view: any GreetingView, model: AppState, clock: any DayClock)
                 func showGreeting()

            """
        let figures = DrillFigures(drill: try Self.drill(mvp: patch), pattern: .mvp)
        #expect(figures.protocols.isEmpty && figures.changeClass == .local)
        let method = """
            diff --git a/Sources/Patterns/MVP/Greeting/GreetingPresenter.swift b/Sources/Patterns/MVP/Greeting/GreetingPresenter.swift
            --- a/Sources/Patterns/MVP/Greeting/GreetingPresenter.swift
            +++ b/Sources/Patterns/MVP/Greeting/GreetingPresenter.swift
            @@ -8,2 +8,3 @@
                 init(view: any GreetingView, model: AppState)
            +    func showPartOfDay()
                 func showGreeting()

            """
        #expect(DrillFigures(drill: try Self.drill(mvp: method), pattern: .mvp).protocols == ["GreetingViewPresenter"])
    }

    @Test("the role graph: in MVP the view holds its presenter and the presenter its view (weakly); the prediction follows it")
    func roleGraph() throws {
        let graph = RoleGraph(pattern: .mvp)
        #expect(graph.holders(of: .presenter).contains(.view))
        #expect(graph.holders(of: .view).contains(.presenter))
        let figures = DrillFigures(drill: try Self.drill(mvp: Self.presenterBody), pattern: .mvp)
        #expect(figures.predicted.contains(.presenter) && figures.predicted.contains(.view))
        let surprising = DrillFigures(drill: try Self.drill(mvp: Self.presenterBody, expectedMVP: "Builder"), pattern: .mvp)
        #expect(surprising.rippled == [.presenter], "a change the reader did not expect there is named")
    }

    @Test("a drill is refused when a pattern's patch is missing or reaches outside its pattern")
    func refusals() throws {
        #expect(throws: ChangeDrill.Failure(file: "viper.patch", problem: "missing (an empty file says no change was needed)")) {
            try ChangeDrill(name: "x", files: ["request.md": "# X\n", "mvc.patch": "", "mvp.patch": "", "mvvm.patch": ""])
        }
        #expect(throws: ChangeDrill.Failure.self) { try Self.drill(mvp: Self.presenterBody.replacingOccurrences(of: "MVP/", with: "MVC/")) }
        #expect(throws: ChangeDrill.Failure(file: "request.md", problem: "expected: 'Wizard' is not a role")) {
            try Self.drill(mvp: "", expectedMVP: "Wizard")
        }
    }

    @Test("the drills built into mvx all read, and there are at least four")
    func embeddedDrills() {
        let (drills, failures) = ChangeDrill.embedded()
        #expect(failures.isEmpty, "\(failures)")
        #expect(drills.count >= 4, "\(drills.map(\.name))")
        for drill in drills {
            #expect(drill.expected.count == 4, "\(drill.name): request.md names the expected roles of all four patterns")
        }
    }

    @Test("mvx drills as text: no line wider than asked, every drill and pattern there", arguments: [80, 60])
    func textFitsItsWidth(width: Int) {
        let report = DrillsReport.current
        let lines = report.text(width: width).split(separator: "\n", omittingEmptySubsequences: false)
        let wide = lines.filter { $0.count > width }
        #expect(wide.isEmpty, "\(wide)")
        for drill in report.drills { #expect(lines.contains { $0.hasSuffix("(\(drill.name))") }, "\(drill.name)") }
        #expect(lines.filter { $0.hasPrefix("  MVP ") }.count == report.drills.count)
        #expect(lines.contains { $0.hasPrefix("         protocols ") }, "the protocols still shown, wrapped")
    }
}

/// `docs/drills.md` is written by `make docs` from `mvx drills --format markdown`; it must be what
/// the drills and the code give now.
@Suite("Generated drills page is fresh")
struct DrillsDocFreshnessTests {
    static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/drills.md")

    @Test("docs/drills.md holds today's drill figures (`make docs` rewrites it)")
    func fresh() throws {
        let text = try String(contentsOf: Self.file, encoding: .utf8)
        let marker = "<!-- generated: mvx drills --format markdown -->\n"
        let body = try #require(text.range(of: marker).map { String(text[$0.upperBound...]) }, "docs/drills.md has no \(marker)")
        #expect(body == DrillsReport.current.markdown() + "\n", "docs/drills.md is stale: run `make docs` and commit it")
    }
}
