import AppComposition
import FakeServer
import Foundation
import Sessions

/// What `mvx conform` costs: every spec scenario in docs/sessions replayed in all four patterns
/// (run from the package root, as `make bench` is). The figure is the engine's time, in process;
/// the command adds its start-up (`make bench`'s start-up figure) once per file.
@MainActor
func runSessionBenchmarks() async {
    Report.section("Sessions")
    let folder = URL(filePath: "docs/sessions", directoryHint: .isDirectory)
    let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".jsonl") }.sorted()
    guard !names.isEmpty, let fixtures = try? Fixtures.bundled() else {
        print("docs/sessions not found (run from the package root)")
        return
    }
    var sessions: [(name: String, session: Session, scenario: Scenario)] = []
    for name in names {
        guard let session = try? Session.load(path: folder.appending(path: name).path),
              let scenario = try? session.start.scenario() else {
            print("\(name) does not load")
            return
        }
        sessions.append((name, session, scenario))
    }
    let registry = AppAssembly.patternRegistry()
    let clock = ContinuousClock()
    var samples: [Duration] = []
    var agreeing = 0
    for _ in 0..<5 {
        agreeing = 0
        samples.append(await clock.measure {
            for entry in sessions {
                let runner = AppAssembly.replayRunner(registry: registry, fixtures: fixtures, scenario: entry.scenario)
                if await runner.conform(entry.session, name: entry.name).exitCode == 0 { agreeing += 1 }
            }
        })
    }
    let median = samples.sorted()[samples.count / 2]
    let keys = sessions.reduce(0) { $0 + $1.session.keys.count }
    Report.figure("mvx conform, \(sessions.count) spec sessions (\(keys) keys, \(agreeing) agree)",
                  Double(median.components.seconds) * 1_000 + Double(median.components.attoseconds) / 1e15, unit: "ms")
}
