import CodeMetrics
import SourceCatalog
import Testing

/// Counting a small, made-up MVP: the roles, the tests per role, and the three criteria.
@Suite("Metrics of a synthetic pattern")
struct PatternMetricsTests {
    /// A presenter of 6 code lines and 1 trace line, a view controller of 3, a view protocol, a
    /// builder, and their tests: the files under `Tests/Fixtures/SyntheticMVP/`, with their index.
    static let files = SourceCatalog.fixtures(under: "Tests/Fixtures/SyntheticMVP/")

    let metrics = PatternMetrics(pattern: .mvp, files: Self.files)

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
        #expect(Feature(path: "Sources/Patterns/VIPER/ListingDetail/ListingDetailRouter.swift", in: .viper) == .listings)
        #expect(Feature(path: "Sources/Patterns/MVP/Listings/ListingRow.swift", in: .mvp) == .listings)
        #expect(Feature(path: "Sources/Patterns/MVVM/Binding/Observable.swift", in: .mvvm) == nil)
        #expect(Feature(path: "Sources/Patterns/MVC/MVCPattern.swift", in: .mvc) == nil)
        #expect(Feature(path: "Sources/Patterns/MVC/Greeting/GreetingBuilder.swift", in: .mvp) == nil, "another pattern's file")
    }

    @Test("unit tests go to the role of the type their file names; helpers are support; the rest is reported")
    func tests() throws {
        #expect(metrics.role(.presenter)?.tests == 2)
        #expect(metrics.role(.presenter)?.testLines == 5)
        #expect(metrics.role(.view)?.tests == 1)
        #expect(metrics.total.tests == 3, "MVVM's test is not MVP's")
        #expect(metrics.testSupportLines == 1)
        #expect(metrics.unplaced == ["Sources/Patterns/MVP/Greeting/Stray.swift", "Tests/MVPTests/MVPOddTests.swift"])
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
    }

    @Test("ease of use is the code lines, shown against the fewest; ranking and agreement with Orlov are computed")
    func easeOfUse() throws {
        let report = MetricsReport(files: Self.files)
        let ease = try #require(report.results().first { $0.criterion == .easeOfUse })
        #expect(ease.figures.map(\.value) == [0, 15, 1, 0])
        #expect(ease.ranking == [.mvc, .viper, .mvvm, .mvp], "fewest first; a tie keeps pattern order")
        #expect(ease.agreement == .partly, "MVC fewest as Orlov says, but MVP, not VIPER, the most")
        #expect(ease.display(ease.figures[2]) == "1 ×–", "the fewest is 0 lines, so no ratio")
        #expect(report.greetingSize(of: .mvp) == "15 ×–", "all of the made-up MVP is greeting; MVC has none")
        let mvpAndMVVM = MetricsReport(files: Self.files.filter { !$0.path.contains("Stray") }
                                       + SourceCatalog.fixtures(under: "Tests/Fixtures/SyntheticExtra/"))
        #expect(mvpAndMVVM.greetingSize(of: .mvc) == "3 ×3.00" && mvpAndMVVM.greetingSize(of: .mvp) == "15 ×15.00")
        let distribution = try #require(report.results().first { $0.criterion == .distribution })
        #expect(distribution.ranking.first == .mvp && distribution.agreement == .disagrees)
    }
}
