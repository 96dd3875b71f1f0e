import Mediator
import Model
import Terminal
import Testing
import Widgets

/// Every module, built and torn down many times, leaves nothing alive: no cycle between roles,
/// no manager or task keeping a screen, no late callback holding a reference.
///
/// Its time limit is three minutes: its thousand builds wait for main-actor turns, which the full
/// suite's other main-actor tests share.
@MainActor
@Suite("Leaks", .timeLimit(.minutes(3)))
struct LeakTests {
    /// Weak references to the objects a module is made of, and whether they were alive when taken.
    final class Probe {
        weak var module: (any ScreenModule)?
        weak var root: ViewController?
        weak var rootView: View?
        var wasBuilt = false
    }

    static let iterations = 1_000

    @Test("build and tear down every module 1,000 times: zero live module objects afterwards")
    func buildAndTearDown() async {
        var probes: [Probe] = []
        for modules in AcceptanceApp.patterns {
            for (screen, _) in modules.builders.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
                let app = AcceptanceApp(modules.pattern, screen)
                for iteration in 0..<Self.iterations {
                    if iteration > 0 {
                        // Tear down and build again through the shell, as a screen switch does.
                        app.shell.stop()
                        app.shell.start()
                    }
                    if iteration % 100 == 0 { await app.settle() }
                    let probe = Probe()
                    probe.module = app.shell.activeModule
                    probe.root = app.shell.activeModule?.rootViewController
                    probe.rootView = app.shell.activeModule?.rootViewController.viewIfLoaded
                    probe.wasBuilt = probe.module != nil && probe.root != nil
                    probes.append(probe)
                }
                app.shell.stop()
                await app.settle()
            }
        }
        // Count the modules that were really there, not the loop's turns: a shell that did not build
        // again after stop() would leave nothing alive and pass the check below on nothing.
        let built = probes.filter(\.wasBuilt).count
        #expect(built == Self.iterations * AcceptanceApp.patterns.reduce(0) { $0 + $1.builders.count })
        let alive = probes.filter { $0.module != nil || $0.root != nil || $0.rootView != nil }
        #expect(alive.isEmpty, "\(alive.count) modules still alive")
    }
}
