import AppComposition
import FakeServer
import Mediator
import Model
import PatternVocabulary
import Networking
import Shell
import Terminal
import Tracing

/// The shell's figures: one full frame into the in-memory screen, and the cost of a trace event.
@MainActor
func runShellBenchmarks() async {
    Report.section("Shell")
    let session = BenchmarkApp.session(size: Size(width: 120, height: 40))
    await session.settle()
    session.press(.enter)  // a greeted screen with a few actions in the trace pane
    let frame = medianNanoseconds(runs: 15, iterations: 200) { session.shell.render() }
    Report.figure("one full frame, 120×40, into the in-memory screen", frame / 1_000, unit: "µs", aim: "≤ 200 µs")
    Report.figure("settle after a 5,000-character paste into a text field", await pasteMilliseconds(), unit: "ms",
                  aim: "≤ 100 ms")

    Report.section("Tracing")
    struct Probe {}
    let noContext = medianNanoseconds(runs: 9, iterations: 1_000_000) { @Traced(.presenter, Probe(), "detail") var call }
    Report.figure("@Traced outside an action (no sink)", noContext, unit: "ns")
    let buffer = TraceBuffer(capacity: 2_000)
    let tracer = Tracer(sinks: [buffer])
    let withSink = tracer.perform("bench", pattern: "MVP") {
        medianNanoseconds(runs: 9, iterations: 100_000) { @Traced(.presenter, Probe(), "detail") var call }
    }
    Report.figure("@Traced recorded into the pane's buffer, its call opened and closed", withSink, unit: "ns", aim: "< 1 µs")
}

/// The time from 5,000 characters arriving at once (a paste without bracketed-paste mode) in the
/// first-name field to the frame that shows them: every key handled, one frame drawn.
@MainActor
func pasteMilliseconds() async -> Double {
    let session = BenchmarkApp.session(size: Size(width: 120, height: 40))
    await session.settle()
    session.press(.up)  // into the last name field
    let keys = (0..<5_000).map { Key.character(Character(UnicodeScalar(UInt8(97 + $0 % 26)))) }
    let start = ContinuousClock.now
    session.pressBurst(keys)
    await session.settle()
    return (ContinuousClock.now - start) / .milliseconds(1)
}

/// Headless sessions over every pattern for the benchmarks.
@MainActor
enum BenchmarkApp {
    static func session(size: Size, pattern: PatternID = .mvc, screen: ScreenID = .greeting) -> HeadlessSession {
        let fixtures: Fixtures
        do { fixtures = try Fixtures.bundled() } catch { fatalError("bundled fixtures: \(error)") }
        let network = NetworkEnvironment.fake(fixtures: fixtures, scenario: .instant, clock: ContinuousClock())
        return AppAssembly.headlessSession(network: network, size: size, pattern: pattern, screen: screen)
    }
}
