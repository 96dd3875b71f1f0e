import FakeServer
import Foundation

// `make bench`: the figures the issues ask for, printed; nothing passes or fails here.
// Run from the package root after `swift build -c release` (it starts .build/release/mvx).
print("mvx benchmarks (release build, \(ProcessInfo.processInfo.activeProcessorCount) cores)")
// MVX_BENCH_ONLY=shell (or terminal, network, cache, pictures, modules, ownership, timeline, sessions, paste, request, snapshot) runs one section, e.g. under a profiler.
let only = ProcessInfo.processInfo.environment["MVX_BENCH_ONLY"]
if only == "paste" { print("paste:", await pasteMilliseconds(), "ms") }
if only == "request", let fixtures = try? Fixtures.bundled() { await benchmarkFullRequest(fixtures: fixtures, iterations: 20_000) }
if only == "snapshot" {
    await profileSnapshotAfterPress(iterations: 5_000, only: ProcessInfo.processInfo.environment["MVX_BENCH_PATTERN"])
}
if only == nil || only == "shell" { await runShellBenchmarks() }
if only == nil || only == "terminal" { await runTerminalBenchmarks() }
if only == nil || only == "network" { await runNetworkBenchmarks() }
if only == nil || only == "cache" { await runCacheBenchmarks() }
if only == nil || only == "pictures" { runPictureBenchmarks() }
if only == nil || only == "modules" { await runModuleBenchmarks() }
if only == nil || only == "timeline" { await runTimelineBenchmarks() }
if only == nil || only == "ownership" { await runOwnershipBenchmarks() }
if only == nil || only == "sessions" { await runSessionBenchmarks() }
