import CodeMetrics
import SourceCatalog

/// A small, fixed set of pattern sources and unit tests for the metrics goldens: the goldens check
/// how the figures are laid out and ranked, so they run over files that never change, and an edit to
/// the real pattern code cannot break them. (The live report over the embedded catalogue has a test
/// of its own in `MetricsPanelTests`.) Every pattern has a greeting and a listings file, and every
/// role the real code has appears at least once, so each column and criterion has a figure.
enum MetricsFixture {
    /// The files under `Tests/Fixtures/Metrics/`, laid out as `Sources/Patterns/<P>/…` and `Tests/<P>Tests/…`.
    static let files: [SourceFile] = SourceCatalog.fixtures(under: "Tests/Fixtures/Metrics/")

    /// Every `@Test` of the fixture's test files, as if all had run (the real report counts the
    /// recorded run, which changes whenever a test is added).
    static let ranTests: [TestsRun.RanTest] = files.filter { $0.path.hasPrefix("Tests/") }.flatMap { file in
        let module = String(file.path.split(separator: "/")[1])
        let index = file.index
        return index.declarations([.func]).filter { $0.attributes.contains("@Test") }.map { test in
            TestsRun.RanTest(module: module, suite: index.parent(of: test)?.name ?? "", function: test.name)
        }
    }

    /// The report over the fixture.
    static let report = MetricsReport(files: files, ranTests: ranTests)
}
