import CodeMetrics
import SourceCatalog
import Testing

/// Counting a small, made-up MVP: the roles, the tests per role, and the three criteria.
@Suite("Metrics of a synthetic pattern")
struct PatternMetricsTests {
    /// A presenter of 6 code lines and 1 trace line, a view controller of 3, a view protocol, a
    /// builder, and their tests: the files under `Tests/Fixtures/SyntheticMVP/`, with their index.
    static let files = SourceCatalog.fixtures(under: "Tests/Fixtures/SyntheticMVP/")

    /// The tests "that ran": `twice()` is declared but did not run; `vanished()` ran but is in no file.
    static let ranTests = [
        "MVPTests.MVPGreetingPresenterTests/greets()", "MVPTests.MVPGreetingPresenterTests/throughHelper()",
        "MVPTests.MVPGreetingViewControllerTests/shows()", "MVPTests/orphan()", "MVPTests.MVPGreetingPresenterTests/vanished()",
        "MVVMTests/elsewhere()",
    ].compactMap(TestsRun.RanTest.init)

    let metrics = PatternMetrics(pattern: .mvp, files: Self.files, ranTests: Self.ranTests)

    @Test("files, code lines, types and protocols per role; the protocol goes to the view that conforms to it")
    func roles() throws {
        #expect(metrics.roles.map(\.role) == [.view, .presenter, .builder], "in RoleTable.countedRoles order; Stray is in no role")
        let presenter = try #require(metrics.role(.presenter))
        #expect(presenter.files == 1 && presenter.codeLines == 6 && presenter.types == 1 && presenter.protocols == 0)
        #expect(presenter.instrumentationLines == 1, "the trace call is counted apart, not as code")
        let view = try #require(metrics.role(.view))
        #expect(view.files == 2 && view.codeLines == 6 && view.types == 1 && view.protocols == 1)
        #expect(metrics.role(.builder)?.codeLines == 3)
        #expect(metrics.total.codeLines == 15 && metrics.total.files == 4, "the unplaced file is not in the totals")
    }

    @Test("features by folder: Greeting, Listings and ListingDetail; the rest is shared")
    func features() {
        #expect(metrics.codeLines(for: .greeting) == 15 && metrics.codeLines(for: .listings) == 0)
        #expect(metrics.codeLines(for: nil) == 0, "Stray sits in Greeting/ but in no role")
        #expect(Feature(path: "Sources/Patterns/VIPER/ListingDetail/ListingDetailPresenter.swift", in: .viper) == .listings)
        #expect(Feature(path: "Sources/Patterns/MVP/Listings/ListingsPresenter.swift", in: .mvp) == .listings)
        #expect(Feature(path: "Sources/Patterns/MVVM/Binding/Observable.swift", in: .mvvm) == nil)
        #expect(Feature(path: "Sources/Patterns/MVC/MVCPattern.swift", in: .mvc) == nil)
        #expect(Feature(path: "Sources/Patterns/MVC/Greeting/GreetingBuilder.swift", in: .mvp) == nil, "another pattern's file")
    }

    @Test("unit tests: those that ran, each to the role of the class it makes; the rest is support or reported")
    func tests() throws {
        #expect(metrics.role(.presenter)?.tests == 2, "greets() makes the presenter (the outer call); throughHelper() in its suite's helper")
        #expect(metrics.role(.presenter)?.testLines == 6, "three lines each; twice() did not run")
        #expect(metrics.role(.view)?.tests == 1, "shows() makes nothing: its file's name places it")
        #expect(metrics.total.tests == 3, "MVVM's test is not MVP's; the orphan has no role")
        #expect(metrics.testSupportLines == 16, "the helper, the suites' lines, twice() and buildsTheModule() (not run), the spy")
        #expect(metrics.unplaced == [
            "Sources/Patterns/MVP/Greeting/Stray.swift",
            "Tests/MVPTests/MVPOddTests.swift: orphan() exercises no type of MVP",
            "MVPTests.MVPGreetingPresenterTests/vanished() ran but is in no file of Tests/MVPTests/",
        ])
    }

    @Test("a test identifier splits into module, suite and function")
    func ranTestIdentifiers() {
        let nested = TestsRun.RanTest("AcceptanceTests.Outer.Inner/sameScreens(index:)")
        #expect(nested == TestsRun.RanTest(module: "AcceptanceTests", suite: "Outer.Inner", function: "sameScreens"))
        #expect(nested?.suiteName == "Inner")
        #expect(TestsRun.RanTest("MVPTests/orphan()") == TestsRun.RanTest(module: "MVPTests", suite: "", function: "orphan"))
        #expect(TestsRun.RanTest("no slash") == nil && TestsRun.RanTest("/f()") == nil)
        #expect(TestsRun.all.count > 100 && TestsRun.acceptance.count > 10, "the recorded run is embedded")
    }

    @Test("a role boundary: the presenter's stored property typed by the view's protocol; nothing else")
    func boundaries() {
        #expect(metrics.boundaries == [RoleBoundary(path: "Sources/Patterns/MVP/Greeting/GreetingPresenter.swift",
                                                    property: "GreetingPresenter.view", protocolName: "GreetingView",
                                                    from: .presenter, to: .view)])
        #expect(metrics.role(.presenter)?.boundaries == 1 && metrics.total.boundaries == 1)
        #expect(metrics.sum(\.boundaries, for: .greeting) == 1)
    }

    @Test("distribution is 1 − the largest role's share; ties go to the first role")
    func distribution() {
        #expect(metrics.largestRole?.role == .view, "view and presenter both have 6 lines; the view comes first")
        #expect(Criterion.distribution.value(for: metrics) == 1 - 6.0 / 15.0)
    }

    @Test("testability: tested non-view lines over non-view lines; protocol-only files and view-importing tests do not count")
    func testability() {
        // Base: the presenter (6, tested without a view) and the builder (3, untested); the view role is out.
        #expect(metrics.testableFiles.map(\.path) == ["Sources/Patterns/MVP/Greeting/GreetingBuilder.swift",
                                                       "Sources/Patterns/MVP/Greeting/GreetingPresenter.swift"])
        #expect(Criterion.testability.value(for: metrics) == 6.0 / 9.0)
        // The builder has no object to make: a view-free test that names it covers its file.
        let withBuilderTest = PatternMetrics(pattern: .mvp, files: Self.files, ranTests: Self.ranTests
            + [TestsRun.RanTest(module: "MVPTests", suite: "MVPGreetingPresenterTests", function: "buildsTheModule")])
        #expect(Criterion.testability.value(for: withBuilderTest) == 1)
    }

    @Test("ease of use is the code lines, shown against the fewest; ranking and agreement with Orlov are computed")
    func easeOfUse() throws {
        let report = MetricsReport(files: Self.files, ranTests: Self.ranTests)
        let ease = try #require(report.results().first { $0.criterion == .easeOfUse })
        #expect(ease.figures.map(\.value) == [0, 15, 1, 0])
        #expect(ease.ranking == [.mvc, .viper, .mvvm, .mvp], "fewest first; a tie keeps pattern order")
        #expect(ease.agreement == .partly, "MVC fewest as Orlov says, but MVP, not VIPER, the most")
        #expect(ease.display(ease.figures[2]) == "1 ×–", "the fewest is 0 lines, so no ratio")
        #expect(report.greetingSize(of: .mvp) == "15 ×–", "all of the made-up MVP is greeting; MVC has none")
        let mvpAndMVVM = MetricsReport(files: Self.files.filter { !$0.path.contains("Stray") }
                                       + SourceCatalog.fixtures(under: "Tests/Fixtures/SyntheticExtra/"), ranTests: Self.ranTests)
        #expect(mvpAndMVVM.greetingSize(of: .mvc) == "3 ×3.00" && mvpAndMVVM.greetingSize(of: .mvp) == "15 ×15.00")
        let distribution = try #require(report.results().first { $0.criterion == .distribution })
        #expect(distribution.ranking.first == .mvp && distribution.agreement == .disagrees)
    }
}
