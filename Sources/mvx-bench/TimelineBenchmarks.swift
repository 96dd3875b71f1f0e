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
    // What the app pays after an action: every object of the module and the shared model read,
    // and the diff against the snapshot before.
    for pattern in PatternID.allCases {
        let session = BenchmarkApp.session(size: Size(width: 120, height: 40), pattern: pattern)
        await session.settle()
        session.press(.enter)  // the greeting's button
        await session.settle()
        let snapshot = SnapshotAfterAction(session)
        Report.figure("snapshot after a press, \(pattern.name) greeting",
                      medianNanoseconds(runs: 9, iterations: 200, snapshot.afterAction) / 1_000, unit: "µs", aim: "≤ 100 µs")
    }
    for pattern in PatternID.allCases {
        let session = BenchmarkApp.session(size: Size(width: 120, height: 40), pattern: pattern, screen: .listings)
        await session.settle()
        // All sources together (the fourth tab): each End asks for the next page, five are 100 listings.
        for _ in 0..<3 { session.press(.right) }
        await session.settle()
        for _ in 0..<4 {
            session.press(.end)
            await session.settle()
        }
        let snapshot = SnapshotAfterAction(session)
        let loaded = StateTimeline.snapshot(of: snapshot.module, appState: snapshot.appState).entries
            .filter { $0.key.hasSuffix(".listings") }.compactMap(\.count).max() ?? 0
        Report.figure("snapshot after a page, \(pattern.name) listings (\(loaded))",
                      medianNanoseconds(runs: 9, iterations: 50, snapshot.afterAction) / 1_000, unit: "µs", aim: "≤ 500 µs")
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

/// A snapshot as the timeline takes it after the session's last action, and its diff against the
/// one before.
@MainActor
struct SnapshotAfterAction {
    let module: (any ScreenModule)?
    let appState: AppState
    private let before: StateSnapshot

    init(_ session: HeadlessSession) {
        module = session.shell.activeModule
        appState = session.context.appState
        before = StateTimeline.snapshot(of: module, appState: appState)
    }

    func afterAction() {
        _ = StateTimeline.snapshot(of: module, appState: appState).changes(since: before)
    }
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
        let snapshot = SnapshotAfterAction(session)
        let start = ContinuousClock.now
        for _ in 0..<iterations { snapshot.afterAction() }
        print("snapshot after a press, \(pattern.name) greeting:", (ContinuousClock.now - start) / iterations)
    }
}
