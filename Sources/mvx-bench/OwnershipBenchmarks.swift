import PatternVocabulary
import Shell
import Terminal

/// The ownership panel's cost: one capture of the live module's graph (reflection over every
/// object the walk opens, the declared strengths, the strong cycles), per pattern and screen, with
/// the listings' first page loaded; and the first one in the process, which reads the strengths.
@MainActor
func runOwnershipBenchmarks() async {
    Report.section("Ownership (o)")
    var first = true
    for pattern in PatternID.allCases {
        for screen in [ScreenID.greeting, .listings] {
            let session = BenchmarkApp.session(size: Size(width: 100, height: 30), pattern: pattern, screen: screen)
            await session.settle()
            if first {
                let start = ContinuousClock.now
                _ = session.ownership.capture()
                Report.figure("first capture in the process", (ContinuousClock.now - start) / .microseconds(1), unit: "µs")
                first = false
            }
            let objects = session.ownership.capture()?.nodes.count ?? 0
            let time = medianNanoseconds(runs: 7, iterations: 50) { _ = session.ownership.capture() } / 1_000
            Report.figure("capture \(pattern.name) \(screen.rawValue) (\(objects) objects)", time, unit: "µs")
            session.shell.stop()
        }
    }
}
