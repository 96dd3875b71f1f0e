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
    for pattern in PatternID.allCases {
        let session = BenchmarkApp.session(size: Size(width: 120, height: 40), pattern: pattern)
        await session.settle()
        let module = session.shell.activeModule
        let cost = medianNanoseconds(runs: 9, iterations: 200) {
            _ = StateTimeline.snapshot(of: module, appState: session.context.appState)
        }
        Report.figure("snapshot, \(pattern.name) greeting", cost / 1_000, unit: "µs", aim: "≤ 50 µs")
    }
    for pattern in PatternID.allCases {
        let session = BenchmarkApp.session(size: Size(width: 120, height: 40), pattern: pattern, screen: .listings)
        await session.settle()
        // Each End asks for the next page: five pages are 100 listings.
        for _ in 0..<4 {
            session.press(.end)
            await session.settle()
        }
        let module = session.shell.activeModule
        let entries = StateTimeline.snapshot(of: module, appState: session.context.appState).entries
        let loaded = entries.first { $0.key.hasSuffix(".listings") && $0.count != nil }?.count ?? 0
        let cost = medianNanoseconds(runs: 9, iterations: 50) {
            _ = StateTimeline.snapshot(of: module, appState: session.context.appState)
        }
        Report.figure("snapshot, \(pattern.name) listings (\(loaded) loaded)", cost / 1_000, unit: "µs", aim: "≤ 500 µs")
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
