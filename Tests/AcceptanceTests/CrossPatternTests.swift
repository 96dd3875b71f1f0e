import FakeServer
import Mediator
import Model
import Networking
import PatternVocabulary
import Terminal
import Testing

/// What must hold between patterns: the same keys give the same screen, and a pattern switch keeps
/// the user's state — also in the middle of a slow load.
/// Key scripts for the same-screen test (outside the main actor: they are test arguments).
enum SameScreenScripts {
    static let all: [(ScreenID, [Key])] = [
        (.greeting, [.enter]),
        (.greeting, [.up, .up, .end, .backspace, .backspace, .character("e"), .down, .down, .enter]),
        (.greeting, [.up, .end, .backspace, .backspace, .backspace, .backspace, .backspace, .backspace, .down, .enter]),
        (.listings, [.down, .down, .right, .down]),
        (.listings, [.end, .end, .end, .pageUp]),
        (.listings, [.down, .enter]),
        (.listings, [.right, .right, .right, .down, .enter, .escape]),
        // Found by a 1,000-key storm (`mvx conform`): back on the listings after the greeting, the
        // selection kept in the shared state must survive a source switch in every pattern.
        (.listings, [.right, .right, .right, .left, .enter, .character("g"), .character("l"), .right]),
        // The district filter: through every choice, on one source and on "All", then a detail.
        (.listings, [.character("d"), .character("d"), .down, .right, .right, .right, .character("d"), .down, .enter]),
    ]
}

/// One step of a slow-network script: a key, or time passing on the test clock.
enum ScriptStep: Sendable, CustomStringConvertible {
    case key(Key)
    /// Moves the test clock this many milliseconds (requests take `SlowScripts.latency`).
    case wait(Int)
    /// Takes the fake server off the network (or back on), as the inspector's toggle does.
    case offline(Bool)
    /// The device moves to another network type, as the inspector's `t` does: the fake server takes
    /// the type's profile and the network layer posts its one notification.
    case network(NetworkType)

    var description: String {
        switch self {
        case .key(let key): "\(key)"
        case .wait(let milliseconds): "wait \(milliseconds)ms"
        case .offline(let offline): offline ? "go offline" : "go online"
        case .network(let type): "network type \(type.rawValue)"
        }
    }
}

/// Scripts run on a slow network (every request takes `latency`), compared after every step, so
/// the patterns must also agree between frames: while requests are in flight.
enum SlowScripts {
    static let latency = 300
    static let r = ScriptStep.key(.character("r"))
    static let d = ScriptStep.key(.character("d"))
    static let all: [(name: String, screen: ScreenID, steps: [ScriptStep])] = [
        // The greeting loads nothing: a slow network and its notifications change nothing on it.
        ("greeting: edit, show, wait", .greeting,
         [.wait(300), .key(.up), .key(.up), .key(.end), .key(.backspace), .key(.character("e")), .key(.down), .key(.down),
          .key(.enter), .wait(150), .wait(150)]),
        ("listings: first page, then move", .listings, [.wait(150), .key(.down), .wait(150), .key(.down), .key(.down)]),
        ("listings: r during a slow refresh keeps the rows", .listings,
         [.wait(300), .key(.down), r, .wait(150), r, .key(.down), .wait(150), .key(.down)]),
        ("listings: r while the next page loads", .listings,
         [.wait(300), .key(.end), .key(.end), .key(.end), r, .wait(150), r, .wait(150), .wait(300), .key(.end)]),
        ("listings: page to the end during a load", .listings,
         [.wait(300), .key(.end), .key(.end), .key(.end), .key(.end), .wait(300), .key(.end), .key(.end), .wait(300),
          .key(.end), .key(.end), .wait(300), .key(.end), .key(.end), .wait(300)]),
        // Cancel-previous, the filter's policy: a district chosen while the last one still loads
        // replaces it, on one team's API and on the three at once.
        ("listings: a district chosen mid-load replaces the one loading", .listings,
         [.wait(300), d, .wait(150), d, .wait(150), .wait(150), .key(.down), r, d, .wait(300), .wait(300)]),
        ("listings: All, districts mid-load, then a detail", .listings,
         [.key(.right), .key(.right), .key(.right), .wait(300), d, .wait(150), d, d, .wait(300), .key(.down), .key(.enter)]),
        ("listings: switch source mid-load", .listings,
         [.wait(150), .key(.right), .wait(150), .key(.right), .wait(300), .key(.left), .wait(150), .key(.left), .wait(300)]),
        ("listings: All mid-load, r, page", .listings,
         [.key(.right), .key(.right), .key(.right), .wait(150), r, .wait(150), .key(.end), .key(.end), .key(.end), r,
          .wait(300), .wait(300)]),
        ("listings: detail and back while a page loads", .listings,
         [.wait(300), .key(.down), .key(.enter), .key(.escape), .key(.end), .key(.end), .key(.end), .key(.enter),
          .wait(150), .key(.backspace), .wait(150), .key(.enter), .key(.escape)]),
        ("listings: open a row while a refresh is in flight", .listings,
         [.wait(300), .key(.right), .wait(300), r, .key(.down), .key(.enter), .wait(300), .key(.escape), .wait(300)]),
        // The refresh fails and the rows stay; their detail still opens, from the data loaded before.
        ("listings: open a row after a failed refresh", .listings,
         [.wait(300), .key(.down), .offline(true), r, .wait(300), .key(.enter), .key(.escape), .offline(false), r,
          .wait(300), .key(.enter)]),
        // The network type's notification: every screen shows the banner, and the network coming back
        // retries the failed load (on 2G's slower profile, so the waits are longer).
        ("greeting: 2G, offline, back on Wi-Fi", .greeting,
         [.network(.cellular2G), .wait(300), .key(.enter), .network(.offline), .network(.wifi), .wait(300)]),
        ("listings: a refresh failed offline is retried on 2G", .listings,
         [.wait(300), .key(.down), .network(.offline), r, .key(.down), .network(.cellular2G), .wait(1600),
          .wait(6400), .key(.down), .network(.wifi)]),
        // The inspector's t (a network type change) then a source switch: once suspected of a drift.
        ("listings: 2G, switch source both ways, back on Wi-Fi", .listings,
         [.wait(300), .network(.cellular2G), .key(.left), .key(.right), .wait(1600), .key(.right), .wait(1600),
          .network(.wifi), .key(.left), .wait(300)]),
        // The detail's picture: loading, then drawn; on 2G only a cached one shows.
        ("listings: a detail's picture loads and shows", .listings,
         [.wait(300), .key(.down), .key(.enter), .wait(150), .wait(150), .key(.escape), .key(.enter), .key(.escape)]),
        ("listings: pictures are off on 2G, a cached one still shows", .listings,
         [.wait(300), .key(.enter), .wait(300), .key(.escape), .network(.cellular2G), .key(.down), .key(.enter),
          .key(.escape), .key(.up), .key(.enter), .key(.escape), .network(.wifi), .key(.down), .key(.enter), .wait(300)]),
    ]

    /// Text a script must bring on screen at some step in every pattern, so it tests what its name
    /// says (several texts are separated by ` | `).
    static let mustShow: [String: String] = [
        "listings: open a row after a failed refresh": "Could not load the listings: No network connection.",
        "listings: a district chosen mid-load replaces the one loading": "District: 静安区 · d: next | Loading Rent listings …",
        "listings: All, districts mid-load, then a detail": "District: 浦东新区 · d: next",
        "greeting: 2G, offline, back on Wi-Fi": "Hello David Blaine",
        "listings: a refresh failed offline is retried on 2G": "On 2G — pictures off",
        "listings: a detail's picture loads and shows": "Loading picture… | ▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀",
        "listings: pictures are off on 2G, a cached one still shows": "Pictures are off on 2G. | ▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀",
    ]
}

/// Its time limit is three minutes: a script runs in all four patterns, each step waiting for
/// main-actor turns, which the full suite's other main-actor tests share.
@MainActor
@Suite("Acceptance: across patterns", .timeLimit(.minutes(3)))
struct CrossPatternTests {

    @Test("the same keys give the same module screen in every pattern", arguments: SameScreenScripts.all.indices)
    func sameScreens(index: Int) async {
        let (screen, keys) = SameScreenScripts.all[index]
        let patterns = screen == .greeting ? PatternsUnderTest.greeting : PatternsUnderTest.listings
        var screens: [PatternID: String] = [:]
        for pattern in patterns {
            let app = AcceptanceApp(pattern, screen)
            await app.settle()
            for key in keys { await app.press(key) }
            screens[pattern] = app.moduleText
        }
        let reference = screens[.mvc] ?? screens.values.first
        for (pattern, text) in screens {
            #expect(text == reference, "\(pattern.name) differs from MVC:\n\(text)")
        }
    }

    @Test("the same keys give the same module screen after every step, also while requests are in flight",
          arguments: SlowScripts.all.indices)
    func sameScreensBetweenFrames(index: Int) async {
        let script = SlowScripts.all[index]
        let patterns = script.screen == .greeting ? PatternsUnderTest.greeting : PatternsUnderTest.listings
        var frames: [PatternID: [String]] = [:]
        for pattern in patterns {
            let app = AcceptanceApp(pattern, script.screen, latency: .milliseconds(SlowScripts.latency))
            await app.settle()
            var shown = [app.moduleText]
            for step in script.steps {
                switch step {
                case .key(let key): await app.press(key)
                case .wait(let milliseconds): await app.advance(by: .milliseconds(milliseconds))
                case .offline(let offline): app.network.scenario?.offline = offline
                case .network(let type): app.network.switchNetworkType(to: type)
                }
                shown.append(app.moduleText)
            }
            frames[pattern] = shown
        }
        for text in SlowScripts.mustShow[script.name].map({ $0.components(separatedBy: " | ") }) ?? [] {
            for pattern in patterns where frames[pattern]?.contains(where: { $0.contains(text) }) != true {
                Issue.record("\(script.name): \(pattern.name) never showed \"\(text)\"")
            }
        }
        guard let reference = frames[.mvc] else { return }
        for pattern in patterns where pattern != .mvc {
            // The first frame that differs says the most; the later ones follow from it.
            guard let step = frames[pattern]?.indices.first(where: { frames[pattern]?[$0] != reference[$0] }) else { continue }
            let after = step == 0 ? "start" : script.steps[step - 1].description
            Issue.record("""
                \(script.name): \(pattern.name) differs from MVC after step \(step) (\(after))
                MVC:
                \(reference[step])
                \(pattern.name):
                \(frames[pattern]![step])
                """)
        }
    }

    /// The roles each pattern gives the network type's notification (one per pattern, as its doc says).
    static let networkTypeRoles: [PatternID: Role] = [.mvc: .controller, .mvp: .presenter, .mvvm: .viewModel, .viper: .interactor]

    /// The listings only: the greeting loads nothing, so it does not observe the network type.
    @Test("the network type's notification is posted once and caught once, by the live module's role")
    func networkTypeReachesOnlyTheLiveModule() async throws {
        let app = AcceptanceApp(.mvc, .listings)
        await app.settle()
        // Every pattern built and torn down once (Tab rebuilds the screen), back to MVC, then each in turn.
        for pattern in [PatternID.mvp, .mvvm, .viper, .mvc, .mvp, .mvvm, .viper] {
            await app.press(.tab)
            try #require(app.shell.state.pattern == pattern)
            let before = app.events.count
            // The inspector's y, as a user switches: the change is an action of its own in the trace.
            await app.press(.character("n"), .character("y"), .character("n"))
            let new = app.events.dropFirst(before)
            #expect(new.count { $0.role == .notification } == 1)
            let caught = new.filter { $0.detail.hasPrefix("network type →") && $0.role != .network }
            #expect(caught.map(\.role) == [Self.networkTypeRoles[pattern]!], "\(pattern.name): \(caught.map(\.type))")
            #expect(app.network.networkTypeNotifier.observerCount == 1)
            let current = app.network.networkTypeNotifier.current
            if current == .wifi {
                // No banner on Wi-Fi: the offline one before it is gone.
                #expect(!app.shows("Offline —"), "\(pattern.name) on Wi-Fi:\n\(app.moduleText)")
            } else {
                let banner = current == .offline ? "Offline — will retry" : "On " + current.rawValue
                #expect(app.shows(banner), "\(pattern.name) on \(current.rawValue):\n\(app.moduleText)")
            }
        }
    }

    @Test("a pattern switch keeps the names the user typed")
    func switchKeepsNames() async throws {
        try #require(PatternsUnderTest.greeting.count > 1, "needs two patterns with a greeting")
        let app = AcceptanceApp(.mvc, .greeting)
        await app.settle()
        await app.press(.up, .up)
        await app.type("son")
        for pattern in PatternsUnderTest.greeting.dropFirst() {
            await app.press(.tab)
            #expect(app.shell.state.pattern == pattern)
            #expect(app.shows("Davidson"))
            await app.press(.enter)
            #expect(app.shows("Hello Davidson Blaine"))
        }
    }

    @Test("a pattern switch keeps the source and the selected listing")
    func switchKeepsSelection() async throws {
        try #require(PatternsUnderTest.listings.count > 1, "needs two patterns with listings")
        let app = AcceptanceApp(PatternsUnderTest.listings[0], .listings)
        await app.settle()
        await app.press(.right, .down, .down)
        let selected = app.appState.selectedListingID
        for pattern in PatternsUnderTest.listings.dropFirst() {
            await app.press(.tab)
            #expect(app.shell.state.pattern == pattern)
            #expect(app.appState.listingSource == .newHomes)
            #expect(app.appState.selectedListingID == selected)
            #expect(app.shows("New homes"))
        }
    }

    @Test("switching pattern in the middle of a slow load: the old reply never lands, the new module loads")
    func switchDuringSlowLoad() async throws {
        for screen in [ScreenID.greeting, .listings] {
            let patterns = screen == .greeting ? PatternsUnderTest.greeting : PatternsUnderTest.listings
            guard patterns.count > 1 else { continue }
            let app = AcceptanceApp(patterns[0], screen, latency: .milliseconds(300))
            await app.settle()
            weak let first = app.shell.activeModule
            await app.press(.tab)
            #expect(first == nil)
            await app.advance(by: .milliseconds(300))
            #expect(app.network.monitor.inFlight == 0)
            #expect(!app.shows("Loading"))
        }
    }
}
