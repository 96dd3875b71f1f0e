import Mediator
import Model
import ObjectGraph
import PatternVocabulary
import Shell
import Terminal
import Tracing

/// The state timeline's figures: one snapshot of the module's stored state (taken once per action
/// that changed the trace) and the memory a long session keeps.
@MainActor
func runTimelineBenchmarks() async {
    Report.section("State timeline")
    // What the app pays after an action: the objects whose type the action's trace names are read
    // again (with the model, the widgets' text and generic boxes), the rest carried over.
    for pattern in PatternID.allCases {
        let session = BenchmarkApp.session(size: Size(width: 120, height: 40), pattern: pattern)
        await session.settle()
        session.press(.enter)  // the greeting's button
        await session.settle()
        let module = session.shell.activeModule
        let appState = session.context.appState
        let touched = Set(session.traceBuffer.suffix(1).flatMap(\.events).map(\.type))
        let before = StateTimeline.graph(of: module, appState: appState)
        let perAction = medianNanoseconds(runs: 9, iterations: 200) {
            _ = StateTimeline.snapshot(StateTimeline.graph(of: module, appState: appState, reusing: before, touched: touched))
        }
        let whole = medianNanoseconds(runs: 9, iterations: 200) { _ = StateTimeline.snapshot(of: module, appState: appState) }
        Report.figure("snapshot after a press, \(pattern.name) greeting", perAction / 1_000, unit: "µs", aim: "≤ 50 µs")
        Report.figure("  every object read, \(pattern.name) greeting", whole / 1_000, unit: "µs")
    }
    for pattern in PatternID.allCases {
        let session = BenchmarkApp.session(size: Size(width: 120, height: 40), pattern: pattern, screen: .listings)
        await session.settle()
        // All sources together: each End asks for the next page, five pages are 100 listings.
        session.press(.left)
        await session.settle()
        for _ in 0..<4 {
            session.press(.end)
            await session.settle()
        }
        let module = session.shell.activeModule
        let appState = session.context.appState
        let entries = StateTimeline.snapshot(of: module, appState: appState).entries
        let loaded = entries.first { $0.key.hasSuffix(".listings") && $0.count != nil }?.count ?? 0
        let touched = Set(session.traceBuffer.suffix(1).flatMap(\.events).map(\.type))
        let before = StateTimeline.graph(of: module, appState: appState)
        let perAction = medianNanoseconds(runs: 9, iterations: 50) {
            _ = StateTimeline.snapshot(StateTimeline.graph(of: module, appState: appState, reusing: before, touched: touched))
        }
        let whole = medianNanoseconds(runs: 9, iterations: 50) { _ = StateTimeline.snapshot(of: module, appState: appState) }
        Report.figure("snapshot after a page, \(pattern.name) listings (\(loaded))", perAction / 1_000, unit: "µs", aim: "≤ 500 µs")
        Report.figure("  every object read, \(pattern.name) listings", whole / 1_000, unit: "µs")
    }
    // A 10,000-action session: the timeline keeps the newest 1,000 actions' changes and one snapshot.
    let before = residentMegabytes()
    let timeline = StateTimeline()
    let trace = TraceBuffer()
    let tracer = Tracer(sinks: [trace])
    let appState = AppState()
    for number in 0..<10_000 {
        tracer.perform("typing", pattern: "MVC") { appState.editPerson { $0.firstName = "Ada \(number)" } }
        timeline.record(trace: trace, module: nil, appState: appState, build: 1, keys: number)
    }
    Report.figure("timeline after 10,000 actions: actions kept", Double(timeline.actions.count), unit: "actions",
                  aim: "bounded: \(StateTimeline.defaultCapacity)")
    Report.figure("timeline after 10,000 actions: resident memory growth", residentMegabytes() - before, unit: "MB")
}

/// `MVX_BENCH_ONLY=snapshot`: each pattern's snapshot after a press, many times over, for a profiler
/// (`MVX_BENCH_PATTERN=mvvm` keeps one).
@MainActor
func profileSnapshotAfterPress(iterations: Int, only: String?) async {
    for pattern in PatternID.allCases where only == nil || only == pattern.name.lowercased() {
        let session = BenchmarkApp.session(size: Size(width: 120, height: 40), pattern: pattern)
        await session.settle()
        session.press(.enter)
        await session.settle()
        let module = session.shell.activeModule
        let appState = session.context.appState
        let touched = Set(session.traceBuffer.suffix(1).flatMap(\.events).map(\.type))
        let before = StateTimeline.graph(of: module, appState: appState)
        let start = ContinuousClock.now
        for _ in 0..<iterations {
            _ = StateTimeline.snapshot(StateTimeline.graph(of: module, appState: appState, reusing: before, touched: touched))
        }
        print("snapshot after a press, \(pattern.name) greeting:", (ContinuousClock.now - start) / iterations, touched.sorted())
    }
}
