import Foundation
import PatternVocabulary
import SourceCatalog
import Terminal
import Testing
@testable import Shell

@MainActor
@Suite("Source pane: the lesson view (v)", .hangWatchdog)
struct LessonViewTests {
    /// The greeting's files of a pattern, as the source pane prepares them.
    static func greetingListings(_ pattern: PatternID) -> [SourceListing] {
        SourceCatalog.files.filter { $0.path.hasPrefix("Sources/Patterns/\(pattern.name)/Greeting/") }.map(SourceListing.init(file:))
    }

    @Test("every note and fold of the table names a declaration the index knows")
    func everyEntryResolves() {
        let unresolved = LessonTable.entries.filter { LessonTable.declarations(for: $0).isEmpty }.map(\.declaration)
        #expect(unresolved.isEmpty, "no longer in the index: \(unresolved)")
        #expect(LessonTable.entries.count > 40)
    }

    @Test("a name that is not in the index does not resolve")
    func aRenamedEntryFails() {
        #expect(LessonTable.declarations(for: .note("MVP.GreetingPresenter.showGreetings", "x")).isEmpty)
        #expect(LessonTable.declarations(for: .note("MVVM.GreetingPresenter.showGreeting", "x")).isEmpty, "the module counts")
        #expect(LessonTable.declarations(for: .note("MVP.GreetingPresenter.showGreeting", "x")).count == 1)
    }

    @Test("the lesson view hides every trace line and shows fewer lines of each greeting", arguments: PatternID.allCases)
    func greetingIsShorter(pattern: PatternID) throws {
        let listings = Self.greetingListings(pattern)
        try #require(!listings.isEmpty)
        for listing in listings {
            let kinds = listing.file.index.lineKinds
            let shown = listing.rows(lesson: true).compactMap { row -> Int? in
                if case .line(let number) = row { number } else { nil }
            }
            #expect(!shown.contains { kinds[$0 - 1] == .instrumentation }, "\(listing.file.path)")
            #expect(listing.rows(lesson: false).count == listing.lineCount)
            // Every line is shown, folded or hidden as a trace line: none is lost.
            let covered = Set(listing.rows(lesson: true).flatMap { Array($0.lines) })
            let hidden = Set((1...listing.lineCount).filter { kinds[$0 - 1] == .instrumentation })
            #expect(covered.union(hidden) == Set(1...listing.lineCount), "\(listing.file.path)")
        }
        let plain = listings.map(\.lineCount).reduce(0, +)
        let lesson = listings.map { $0.rows(lesson: true).count }.reduce(0, +)
        #expect(lesson < plain)
        print("lesson view: \(pattern.name) greeting \(lesson) of \(plain) lines; "
              + listings.map { "\($0.file.name) \($0.rows(lesson: true).count)/\($0.lineCount)" }.joined(separator: ", "))
    }

    @Test("v folds MVP's view controller to its lesson: a fold line, a note, no @Traced line; v again shows it all")
    func toggles() async throws {
        let session = await SourcePanelTests.greeted()
        _ = try SourcePanelTests.open(session)
        #expect(session.text.contains("@Traced(.presenter, self, \"build the greeting\")"))
        session.press(.character("v"))
        let lesson = session.text
        #expect(!lesson.contains("@Traced"), "\(lesson)")
        #expect(lesson.contains("⋯ names for the fields (2 lines)") || lesson.contains("⋯ names for the fields"), "\(lesson)")
        #expect(lesson.contains("Orlov: showGreeting()"), "\(lesson)")
        #expect(lesson.contains("v lesson"), "the key line names the key")
        #expect(session.sourcePanel.isLessonView)
        // The marker moves to the first line of the body, the traced line being hidden.
        let traced = try #require(SourcePanelTests.tracedRow(session))
        #expect(traced.text.contains("guard let (first, last)"), "\(traced.text)")
        session.press(.character("v"))
        #expect(session.text.contains("@Traced(.presenter, self, \"build the greeting\")"))
    }
}

@MainActor
@Suite("Source pane: the role's unit test (u)", .hangWatchdog)
struct UnitTestBesideCodeTests {
    @Test("u on MVP's presenter method shows the unit test that exercises it; u again shows the code")
    func showsTheTest() async throws {
        let session = await SourcePanelTests.greeted()
        _ = try SourcePanelTests.open(session)
        let event = try #require(session.selectedSourceEvent)
        #expect(event.call == "GreetingPresenter.showGreeting")
        session.press(.character("u"))
        guard case .found(let test, _)? = session.sourcePanel.unitTest else {
            Issue.record("no test found: \(String(describing: session.sourcePanel.unitTest))")
            return
        }
        #expect(test.path.hasPrefix("Tests/MVPTests/"), "\(test.path)")
        let file = try #require(SourceCatalog.file(path: test.path))
        let body = test.lines.map { file.lines[$0 - 1] }.joined(separator: "\n")
        #expect(body.contains("showGreeting"), "the test names the method: \(body)")
        #expect(!file.text.contains("import ScreenViews"), "the presenter is tested without the view")
        let text = session.text
        #expect(text.contains("the test of GreetingPresenter.showGreeting"), "\(text)")
        #expect(text.contains(test.function), "the test's declaration is on screen: \(text)")
        #expect(text.contains("u test"), "the key line names the key")
        session.press(.character("u"))
        #expect(session.sourcePanel.unitTest == nil)
        #expect(session.text.contains("GreetingPresenter.swift"))
    }

    @Test("u on a widget's method says no unit test of the pattern exercises it")
    func noTestForAWidget() async throws {
        let session = await SourcePanelTests.greeted()
        _ = try SourcePanelTests.openOnNewest(session)
        session.press(.character("u"))
        guard case .none(let why, _)? = session.sourcePanel.unitTest else {
            Issue.record("\(String(describing: session.sourcePanel.unitTest))")
            return
        }
        #expect(why.contains("Label is not MVP's own code"), "\(why)")
        #expect(session.text.contains("Label is not MVP's own code"))
    }
}

@MainActor
@Suite("Golden screens: the lesson view", .hangWatchdog)
struct LessonViewGoldenTests {
    @Test("after a greeting press, s, v at 140×40: the deciding role's code as the lesson view shows it", arguments: PatternID.allCases)
    func greeting(pattern: PatternID) async throws {
        let session = TestApp.session(size: Size(width: 140, height: 40), pattern: pattern)
        await session.settle()
        session.press(.enter)
        await session.settle()
        _ = try SourcePanelTests.open(session)
        session.press(.character("v"))
        Golden.assert(session.text, matches: "lesson-\(pattern.rawValue)-greeting-140x40")
    }

    @Test("after a greeting press in MVP, s, u at 140×40: the presenter's unit test in the code's place")
    func unitTest() async throws {
        let session = TestApp.session(size: Size(width: 140, height: 40), pattern: .mvp)
        await session.settle()
        session.press(.enter)
        await session.settle()
        _ = try SourcePanelTests.open(session)
        session.press(.character("u"))
        Golden.assert(session.text, matches: "unit-test-MVP-greeting-140x40")
    }
}
