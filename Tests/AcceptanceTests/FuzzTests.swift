import FakeServer
import Mediator
import Model
import Networking
import Terminal
import TestSupport
import Testing

/// A seeded storm of random keys and terminal sizes over every module, with a chaotic network
/// (latency on a test clock, failures of every kind): nothing crashes, no loading state outlives its
/// requests, and the shared state stays valid.
///
/// Its time limit is five minutes: each storm takes about half a minute of main-actor time, and
/// the full suite's other main-actor tests share that thread with it.
@MainActor
@Suite("Fuzz", .timeLimit(.minutes(5)))
struct FuzzTests {
    static let keyCount = 100_000


    static let keys: [Key] = [
        .up, .down, .left, .right, .enter, .escape, .backspace, .delete, .home, .end, .pageUp, .pageDown, .tab, .backTab,
        .character(" "), .character("a"), .character("张"), .character("r"), .character("g"), .character("l"),
        .character("1"), .character("2"), .character("3"), .character("4"), .character("?"), .character("["),
        .character("]"), .character("\u{1B}"), .function(5),
        // What a hostile terminal or user sends: keypad keys, Alt chords, function keys, pastes.
        .keypad("1"), .keypad("-"), .keypad("8"), .alt("q"), .alt("x"), .function(1), .function(12),
        .paste("q"), .paste("\u{1B}]0;x\u{07}q2l"),
    ]

    /// A paste of up to 10,000 characters, sometimes of commands (`q`, `1`-`4`), sometimes wide.
    static func paste(_ random: inout SeededGenerator) -> Key {
        let alphabet: [Character] = ["q", "1", "4", "x", "a", "张", " ", "\u{1B}", "[", "O"]
        return .paste(String((0..<random.below(10_000)).map { _ in alphabet[random.below(alphabet.count)] }))
    }

    @Test("100,000 random keys across all modules, random sizes, chaotic network", arguments: [UInt64(1), 2024])
    func storm(seed: UInt64) async {
        var random = SeededGenerator(seed: seed)
        var scenario = Scenario(seed: seed, latency: .milliseconds(0)...(.milliseconds(400)),
                                failureRates: FailureRates(total: 0.3))
        scenario.offline = false
        let app = AcceptanceApp(.mvc, .greeting, latency: .milliseconds(200))
        app.network.scenario?.update { $0 = scenario }
        let perSeed = Self.keyCount / 2
        var pressed = 0
        var lastSettle = 0
        while pressed < perSeed {
            let roll = random.below(100)
            if roll < 2 {
                app.session.resize(to: Size(width: random.below(160), height: random.below(60)))
            } else if roll < 4 {
                app.network.scenario?.offline.toggle()
            } else if roll < 10 {
                await app.advance(by: .milliseconds(random.below(500)))
            } else if roll < 11 {
                app.session.pressBurst([Self.paste(&random)])
                pressed += 1
            } else if roll < 12 {
                // A run of characters typed at once: into a field it is one edit, elsewhere commands.
                let run = (0..<random.below(2_000)).map { _ in Key.character(["a", "g", "2", "l"][random.below(4)]) }
                app.session.pressBurst(run)
                pressed += run.count
            } else {
                // Keys come in bursts of 1 to 8, a frame after each burst, as from a real terminal.
                let burst = (0...random.below(8)).map { _ in Self.keys[random.below(Self.keys.count)] }
                app.session.pressBurst(burst)
                pressed += burst.count
            }
            if pressed - lastSettle >= 500 {
                lastSettle = pressed
                await app.settle()
            }
        }
        // Let everything land: no loading state may be left behind, and the state is valid.
        app.network.scenario?.offline = false
        await app.settle()  // the last keys' loads reach the network (or their sleep on the clock)
        for _ in 0..<10 where app.network.monitor.inFlight > 0 {
            await app.advance(by: .seconds(1))
        }
        #expect(app.network.monitor.inFlight == 0)
        app.session.resize(to: Size(width: 120, height: 40))
        #expect(!app.shows("Loading"), "\(app.shell.state.pattern) \(app.shell.state.screen):\n\(app.moduleText)")
        // Whatever the storm left open — help, a panel, a text field — Esc and q still quit.
        #expect(!app.shell.state.shouldQuit, "nothing in the storm is a quit (pastes are text, never commands)")
        await app.press(.escape, .escape, .escape, .character("q"))
        #expect(app.shell.state.shouldQuit, "q did not quit after the storm")
        #expect(app.appState.person.id.isEmpty == false)
        if let selected = app.appState.selectedListingID {
            #expect(selected.contains(":"))
        }
        app.shell.stop()
    }
}
