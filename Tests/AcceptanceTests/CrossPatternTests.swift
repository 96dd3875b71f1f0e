import Mediator
import Model
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
    ]
}

@MainActor
@Suite("Acceptance: across patterns")
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
