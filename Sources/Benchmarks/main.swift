import Foundation

// `make bench`: the figures the issues ask for, printed; nothing passes or fails here.
// Run from the package root after `swift build -c release` (it starts .build/release/mvx).
print("mvx benchmarks (release build, \(ProcessInfo.processInfo.activeProcessorCount) cores)")
await runShellBenchmarks()
await runTerminalBenchmarks()
await runNetworkBenchmarks()
await runModuleBenchmarks()
