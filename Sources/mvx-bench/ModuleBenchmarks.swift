import AppComposition
import Foundation
import Mediator
import Shell
import Terminal

/// The modules' figures: resident memory before and after building and tearing down every module
/// 1,000 times (what the leak test checks for objects, seen as memory).
@MainActor
func runModuleBenchmarks() async {
    Report.section("Modules")
    let before = residentMegabytes()
    var builds = 0
    for modules in AppAssembly.patterns {
        for screen in modules.builders.keys.sorted(by: { $0.rawValue < $1.rawValue }) {
            let session = BenchmarkApp.session(size: Size(width: 100, height: 30), pattern: modules.pattern, screen: screen)
            for iteration in 0..<1_000 {
                session.shell.stop()
                session.shell.start()
                if iteration % 50 == 0 { await session.settle() }
                builds += 1
            }
            session.shell.stop()
            await session.settle()
        }
    }
    let after = residentMegabytes()
    Report.figure("modules built and torn down", Double(builds), unit: "")
    Report.figure("resident memory before", before, unit: "MiB")
    Report.figure("resident memory after", after, unit: "MiB")
}
