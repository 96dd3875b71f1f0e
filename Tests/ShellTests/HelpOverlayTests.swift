import PatternVocabulary
import Terminal
import Testing
@testable import Shell

@MainActor
@Suite("Help overlay (?)", .hangWatchdog)
struct HelpOverlayTests {
    @Test("at 80×24 the first page holds the keys that teach and every role of the pattern on show",
          arguments: PatternID.allCases)
    func firstPage(pattern: PatternID) {
        let app = TestApp.session(size: Size(width: 80, height: 24), pattern: pattern)
        app.press(.character("?"))
        let page = app.text
        #expect(page.contains("mvx — keys that teach"))
        for binding in HelpOverlay.teachingKeys {
            #expect(page.contains(binding.hint(short: false)), "\(pattern.name): \(binding.keys)")
        }
        #expect(page.contains("\(pattern.name) — roles"))
        let roles = app.shell.environment.registry.roles(of: pattern).map(\.typeName)
        #expect(roles.count >= 5)
        for typeName in roles {
            #expect(page.contains(typeName), "\(pattern.name): \(typeName) is not on the first page\n\(page)")
        }
        #expect(page.contains("more · ↑↓ scroll"), "the rest scrolls below")
        #expect(!page.contains("words mvx uses"))
    }

    @Test("the keys that teach are the panels, in the key bar's order")
    func teachingKeys() {
        #expect(HelpOverlay.teachingKeys.map(\.keys) == ["c", "s", "t", "o", "m", "n", "i", "D"])
    }

    @Test("scrolled to the end: every key, then the words mvx uses, each explained")
    func glossary() {
        let app = TestApp.session(size: Size(width: 80, height: 24))
        app.press(.character("?"), .end)
        #expect(app.shell.state.isHelpVisible)
        let text = app.text
        #expect(text.contains("words mvx uses"))
        for entry in HelpOverlay.glossary {
            #expect(text.contains(" \(entry.word) "), "\(entry.word)")
        }
        #expect(text.contains("Esc or ? closes this help"))
    }

    @Test("the help names the network inspector's own keys, which are no shell key")
    func inspectorKeys() {
        let app = TestApp.session(size: Size(width: 120, height: 40))
        app.press(.character("?"))
        var read = app.text
        for _ in 0..<40 where app.text.contains("more · ↑↓ scroll") {
            app.press(.down)
            read += app.text
        }
        #expect(read.contains("inside it: + - latency · y network · a offline"), "\(read)")
        // The inspector leaves the module live beside it: none of its letters may be a shell key.
        for binding in Keymap.bindings(in: .panel(.network)) {
            for key in binding.panelCommands.keys where key != .character("n") {
                #expect(Keymap.command(for: key) == nil, "\(key) is the inspector's and the shell's")
            }
        }
    }

    @Test("golden: the help's first page at 80×24")
    func firstPageGolden() {
        let app = TestApp.session(size: Size(width: 80, height: 24))
        app.press(.character("?"))
        Golden.assert(app.text, matches: "help-first-page-80x24")
    }
}
