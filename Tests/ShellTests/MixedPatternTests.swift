import Mediator
import Model
import MVC
import PatternVocabulary
import Terminal
import Testing
import Tracing
import Widgets
@testable import Shell

/// Mixed patterns (`x`): a pattern per screen, e.g. the greeting in MVP and the listings in VIPER.
@MainActor
@Suite("Mixed patterns", .hangWatchdog)
struct MixedPatternTests {
    /// The header row of the screen.
    static func header(_ session: HeadlessSession) -> String {
        session.text.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? ""
    }

    /// The key bar row (where notices show).
    static func bottom(_ session: HeadlessSession) -> String {
        session.text.split(separator: "\n", omittingEmptySubsequences: false).last.map(String.init) ?? ""
    }

    /// The pattern target the module on show comes from, read off its screen's view controller
    /// (inside the navigation controller, for the listings).
    static func moduleTarget(_ session: HeadlessSession) -> String? {
        guard let root = session.shell.activeModule?.rootViewController else { return nil }
        let screen = (root as? NavigationController)?.viewControllers.first ?? root
        return String(String(reflecting: type(of: screen)).prefix { $0 != "." })
    }

    /// The user's own mix: `x`, MVP on the greeting, `l`, VIPER on the listings; settled.
    static func mixedSession(size: Size = Size(width: 80, height: 24)) async -> HeadlessSession {
        let app = TestApp.session(size: size)
        await app.settle()
        app.press(.character("x"), .character("2"), .character("l"), .character("4"))
        await app.settle()
        return app
    }

    @Test("mix mode off, as before: 1-4, Tab and g/l keep both screens in one pattern; the header is unchanged")
    func offKeepsOnePattern() async {
        let app = TestApp.session()
        await app.settle()
        let header = Self.header(app)
        #expect(header == " mvx │ 1 MVC  2 MVP  3 MVVM  4 VIPER │ g Greeting  l Listings")
        app.press(.character("3"))
        #expect(app.shell.state.patterns == ScreenPatterns(.mvvm))
        app.press(.character("l"))
        #expect(app.text.contains("MVVM · Listings"))
        app.press(.tab)
        #expect(app.shell.state.patterns == ScreenPatterns(.viper), "Tab moves every screen")
        app.press(.character("g"))
        #expect(app.text.contains("VIPER · Greeting"))
        #expect(Self.moduleTarget(app) == "VIPER")
        #expect(!app.shell.state.isMixing)
        #expect(!Self.header(app).contains("mix"), "no mix marker and no per-screen patterns")
        #expect(Self.header(app).hasSuffix("g Greeting  l Listings"))
    }

    @Test("mix on: each screen keeps its own pattern across g and l, and is built in it")
    func perScreenPatterns() async {
        let app = await Self.mixedSession()
        #expect(app.shell.state.isMixing)
        #expect(app.shell.state.patterns[.greeting] == .mvp)
        #expect(app.shell.state.patterns[.listings] == .viper)
        #expect(app.text.contains("VIPER · Listings"))
        #expect(Self.moduleTarget(app) == "VIPER")
        #expect(app.text.contains("龙湖天街27号楼"), "VIPER's listings loaded")
        app.press(.character("g"))
        #expect(app.text.contains("MVP · Greeting"))
        #expect(Self.moduleTarget(app) == "MVP")
        app.press(.character("l"))
        #expect(app.text.contains("VIPER · Listings"))
        #expect(Self.moduleTarget(app) == "VIPER")
    }

    @Test("mix on: Tab and Shift-Tab cycle only the screen on show")
    func tabCyclesOneScreen() async {
        let app = await Self.mixedSession()
        app.press(.tab)
        #expect(app.shell.state.patterns[.listings] == .mvc, "VIPER wraps round to MVC")
        #expect(app.shell.state.patterns[.greeting] == .mvp)
        app.press(.backTab, .backTab)
        #expect(app.shell.state.patterns[.listings] == .mvvm)
        #expect(app.shell.state.patterns[.greeting] == .mvp)
        #expect(app.text.contains("MVVM · Listings"))
    }

    @Test("the header names each screen's pattern and marks mix mode, at 80 columns and at the minimum width")
    func headerShowsCombination() async {
        let app = await Self.mixedSession()
        #expect(Self.header(app) == " mvx │ 1 MVC  2 MVP  3 MVVM  4 VIPER │ g Greeting MVP  l Listings VIPER │ x mix")
        app.resize(to: Size(width: 64, height: 16))
        #expect(Self.header(app) == " mvx │ 1 MVC  2 MVP  3 MVVM  4 VIPER │ g MVP  l VIPER │ x mix",
                "the screen titles go first; the pane title still names the screen")
        #expect(app.text.contains("VIPER · Listings"))
    }

    @Test("the other screen's pattern tab is underlined, the shown one highlighted")
    func tabStyles() async throws {
        let app = await Self.mixedSession()
        let row = Self.header(app)
        func style(of tab: String) throws -> Style {
            let range = try #require(row.range(of: tab))
            return app.screen.cell(x: row.distance(from: row.startIndex, to: range.lowerBound) + 1, y: 0).style
        }
        #expect(try style(of: " 4 VIPER ") == ShellTheme.activeTab, "the listings' pattern, on show")
        #expect(try style(of: " 2 MVP ") == ShellTheme.otherScreenTab, "the greeting's pattern")
        #expect(try style(of: " 1 MVC ") == ShellTheme.tab)
        #expect(try style(of: " x mix") == ShellTheme.mixMarker)
        app.press(.character("x"))
        #expect(try style(of: " 2 MVP ") == ShellTheme.tab, "one pattern again: nothing underlined")
    }

    @Test("every switch tears the old module down: its view controllers are released")
    func teardownOnEachSwitch() async {
        let app = await Self.mixedSession()
        for key in [Key.character("g"), .character("l"), .character("1"), .tab, .character("g")] {
            weak let module = app.shell.activeModule
            weak let root = app.shell.activeModule?.rootViewController
            #expect(module != nil)
            app.press(key)
            await app.settle()
            #expect(module == nil, "after \(key) the old module is gone")
            #expect(root == nil)
        }
    }

    @Test("one session's trace holds both styles: MVP's presenter greets, VIPER's interactor loads")
    func traceHasBothPatterns() async throws {
        let app = await Self.mixedSession()
        app.press(.character("g"))
        app.press(.enter)
        #expect(app.text.contains("Hello David Blaine"))
        let entries = app.traceBuffer.entries
        let greet = try #require(entries.last)
        #expect(greet.action.label == "Enter on [Show greeting]")
        #expect(greet.action.pattern == "MVP")
        #expect(greet.events.contains { $0.role == .presenter && $0.file.hasPrefix("MVP/") })
        let load = try #require(entries.first { $0.action.label == "switch to VIPER Listings" })
        #expect(load.action.pattern == "VIPER")
        #expect(load.events.contains { $0.role == .interactor && $0.file.hasPrefix("VIPER/") })
        let back = try #require(entries.last { $0.action.label == "switch to MVP Greeting" })
        #expect(back.events.first?.detail == "tear down VIPER Listings, build MVP Greeting")
        #expect(entries.contains { $0.action.label == "mix on" && $0.events.first?.role == .shell })
        #expect(app.text.contains("· MVP") && app.text.contains("▸ Enter on [Show greeting] · MVP"))
    }

    @Test("x again puts every screen in the pattern on show; 1-4 then move both again")
    func leavingAligns() async {
        let app = await Self.mixedSession()
        app.press(.character("g"))  // the greeting, in MVP
        weak let module = app.shell.activeModule
        app.press(.character("x"))
        #expect(!app.shell.state.isMixing)
        #expect(app.shell.state.patterns == ScreenPatterns(.mvp))
        #expect(module != nil, "leaving mix mode keeps the module on show")
        #expect(Self.bottom(app).contains("mix off: every screen in MVP"))
        #expect(Self.header(app).hasSuffix("g Greeting  l Listings"))
        let entry = app.traceBuffer.entries.last
        #expect(entry?.action.label == "mix off")
        #expect(entry?.events.first?.detail == "Listings now in MVP too")
        app.press(.character("l"))
        #expect(app.text.contains("MVP · Listings"))
        app.press(.character("3"))
        #expect(app.shell.state.patterns == ScreenPatterns(.mvvm))
    }

    @Test("x says what changed; mix mode without a change yet still shows each screen's pattern")
    func enteringMix() {
        let app = TestApp.session()
        app.press(.character("x"))
        #expect(app.shell.state.isMixing)
        #expect(Self.bottom(app) == " mix on: 1-4 and Tab now change the Greeting screen only (x again: one pattern)",
                "the notice fits 80 columns")
        #expect(Self.header(app).contains("g Greeting MVC  l Listings MVC │ x mix"))
        app.press(.character("4"))
        #expect(app.shell.state.patterns[.greeting] == .viper)
        #expect(app.shell.state.patterns[.listings] == .mvc)
        #expect(Self.header(app).contains("g Greeting VIPER  l Listings MVC"))
    }

    @Test("started mixed (--greeting-pattern mvc --listings-pattern viper): mix mode on, the start names both")
    func startedMixed() {
        let app = TestApp.session(screen: .listings, screenPatterns: [.listings: .viper])
        #expect(app.shell.state.isMixing)
        #expect(app.text.contains("VIPER · Listings"))
        #expect(Self.moduleTarget(app) == "VIPER")
        #expect(app.traceBuffer.entries.first?.action.label == "start: Greeting MVC · Listings VIPER")
        app.press(.character("g"))
        #expect(app.text.contains("MVC · Greeting"))
        #expect(Self.moduleTarget(app) == "MVC")
    }

    @Test("overrides equal to --pattern are no mix: the app starts as it always did")
    func sameOverridesAreNoMix() {
        let app = TestApp.session(pattern: .mvp, screenPatterns: [.greeting: .mvp, .listings: .mvp])
        #expect(!app.shell.state.isMixing)
        #expect(!Self.header(app).contains("mix"))
        #expect(app.traceBuffer.entries.first?.action.label == "start: MVP Greeting")
    }

    @Test("typing x in a text field types it")
    func xInTextField() {
        let app = TestApp.session()
        app.press(.up, .up)
        app.type("x")
        #expect(!app.shell.state.isMixing)
        #expect(app.text.contains("Davidx"))
    }

    @Test("a screen whose pattern has no module is refused with a notice, in mix mode too")
    func unavailableInMix() {
        let app = TestApp.session(patterns: [MVCPattern.self])
        app.press(.character("x"), .character("2"))
        #expect(app.shell.state.patterns[.greeting] == .mvc)
        #expect(app.text.contains("MVP has no greeting screen yet"))
    }

    @Test("compare replays the last action on the screen on show, in all four patterns, when mixed")
    func compareWhenMixed() async throws {
        let app = await Self.mixedSession(size: Size(width: 120, height: 40))
        app.shell.replayer = TestApp.replayRunner()
        app.press(.down)
        await app.settle()
        let panel = try await CompareTests.openCompare(app)
        #expect(panel.id == .compare && app.panelTitle == "Compare · Listings")
        for pattern in PatternID.allCases { #expect(app.text.contains(" \(pattern.name) "), "\(pattern.name) column") }
        #expect(app.text.contains("▸ ↓ — replayed on a fresh Listings after 0 earlier keys"))
        app.press(.escape)
        #expect(app.text.contains("VIPER · Listings"))
        #expect(app.shell.state.patterns[.greeting] == .mvp, "compare leaves the mix as it was")
    }

    @Test("the help overlay lists x; when mixing it says whose roles it lists, and fits the minimum width")
    func help() async {
        let app = TestApp.session(size: Size(width: 120, height: 40))
        app.press(.character("?"))
        #expect(app.text.contains("mix: pick a pattern per screen"))
        #expect(app.text.contains("MVC — roles\n") || app.text.contains("MVC — roles "))
        app.press(.escape)
        let mixed = await Self.mixedSession(size: Size(width: 120, height: 40))
        mixed.press(.character("?"))
        #expect(mixed.text.contains("VIPER — roles (mix: Greeting MVP · Listings VIPER)"), "the pattern on show's roles")
        #expect(mixed.text.contains("GreetingInteractor"), "VIPER's roles, not MVP's")
        mixed.press(.escape)
        mixed.resize(to: Size(width: 64, height: 40))
        mixed.press(.character("?"))
        // The keys come first; at this width the roles' heading is on the help's second page.
        if !mixed.text.contains("— roles (mix") { mixed.press(.pageDown) }
        let heading = mixed.text.split(separator: "\n").first { $0.contains("— roles (mix") }.map(String.init) ?? ""
        let after = heading.range(of: "VIPER — roles (mix: Greeting MVP · Listings VIPER)").map { heading[$0.upperBound...] }
        #expect(after?.drop { $0 == " " }.hasPrefix("│") == true,
                "the heading fits inside the frame at the minimum width: \(heading)")
    }
}

@MainActor
@Suite("Golden screens: mixed patterns", .hangWatchdog)
struct MixedGoldenTests {
    @Test("a mixed session at 80×24: VIPER listings, then the MVP greeting greeted, with both in the trace")
    func mixedGolden() async {
        let app = await MixedPatternTests.mixedSession()
        Golden.assert(app.text, matches: "mixed-viper-listings-80x24")
        app.press(.character("g"))
        await app.settle()
        app.press(.enter)
        Golden.assert(app.text, matches: "mixed-mvp-greeting-greeted-80x24")
    }

    @Test("a mixed session at 120×40 started from the command line's overrides: VIPER's selection, then MVC's greeting")
    func mixedGolden120() async {
        let app = TestApp.session(size: Size(width: 120, height: 40), pattern: .mvc, screen: .greeting,
                                  screenPatterns: [.listings: .viper])
        await app.settle()
        app.press(.character("l"))
        await app.settle()
        app.press(.down, .character("g"))
        await app.settle()
        app.press(.enter)
        Golden.assert(app.text, matches: "mixed-start-mvc-greeting-after-viper-listings-120x40")
    }
}
