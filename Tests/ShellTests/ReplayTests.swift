import AppComposition
import FakeServer
import Foundation
import Mediator
import Model
import PatternVocabulary
import SourceCatalog
import Terminal
import TestSupport
import Testing
import Tracing
@testable import Sessions
@testable import Shell

extension TestApp {
    /// The runner the composition root makes: every pattern, and per replay a fresh shared state and
    /// a zero-latency fake network on an instant clock.
    static func replayRunner() -> ReplayRunner {
        AppAssembly.replayRunner(registry: AppAssembly.patternRegistry(), fixtures: TestNetwork.bundledFixtures)
    }
}

@Suite("Key scripts")
struct KeyScriptTests {
    @Test("names, single characters, typed text and repeats")
    func parses() throws {
        #expect(try KeyScript.parse("") == [])
        #expect(try KeyScript.parse("  enter  ") == [.enter])
        #expect(try KeyScript.parse("up down left right tab backtab home end pgup pgdn bs del esc space")
            == [.up, .down, .left, .right, .tab, .backTab, .home, .end, .pageUp, .pageDown, .backspace, .delete,
                .escape, .character(" ")])
        #expect(try KeyScript.parse("ENTER Esc") == [.enter, .escape], "names ignore case")
        #expect(try KeyScript.parse("q 1 [ c") == [.character("q"), .character("1"), .character("["), .character("c")])
        #expect(try KeyScript.parse("type:Ann") == "Ann".map { Key.character($0) })
        #expect(try KeyScript.parse(#""Ann Lee" enter"#) == "Ann Lee".map { Key.character($0) } + [.enter])
        #expect(try KeyScript.parse(#"type:"a b""#) == [.character("a"), .character(" "), .character("b")])
        #expect(try KeyScript.parse(#""say \"hi\"""#) == #"say "hi""#.map { Key.character($0) })
        #expect(try KeyScript.parse("down*3 x*2") == [.down, .down, .down, .character("x"), .character("x")])
        #expect(try KeyScript.parse("* -") == [.character("*"), .character("-")], "a lone * is the character")
        #expect(try KeyScript.parse("ctrl-c f5") == [.control("c"), .function(5)])
    }

    @Test("a bad token is named in the error", arguments: [
        ("enter foo", "unknown key 'foo'"),
        ("down*0", "repeat count must be 1-999 in 'down*0'"),
        ("down*x", "repeat count must be 1-999 in 'down*x'"),
        ("bogus*2", "unknown key 'bogus*2'"),
        (#"up "Ann"#, #"unterminated quote in '"Ann'"#),
        ("type:", "nothing to type in 'type:'"),
        ("f13", "unknown key 'f13'"),
    ])
    func errors(script: String, message: String) {
        #expect(throws: KeyScriptError.self) { try KeyScript.parse(script) }
        do {
            _ = try KeyScript.parse(script)
        } catch {
            #expect(error.description == message)
        }
    }
}

/// Hand-made traces for the callers and the counts.
enum HandMadeTrace {
    /// An event numbered `sequence`, called by the event numbered `caller`.
    static func event(_ sequence: UInt64, _ role: Role, _ type: String, _ method: String, caller: UInt64? = nil,
                      async isAsync: Bool = false, file: String = "F.swift") -> TraceEvent {
        TraceEvent(sequence: sequence, actionID: 1, pattern: "MVP", role: role, type: type, method: method, file: file,
                   line: 1, detail: "", isAsync: isAsync, caller: caller)
    }

    /// A tap that loads: view → presenter → network; the reply comes back up to the view later.
    static let tapThatLoads: [TraceEvent] = [
        event(10, .view, "Button", "sendActions()"),                                         // 0 the user's
        event(11, .view, "GreetingViewController", "didTap()", caller: 10),                  // 1 the button's target
        event(12, .presenter, "GreetingPresenter", "didTap()", caller: 11),
        event(13, .view, "GreetingViewController", "showLoading()", caller: 12),
        event(14, .network, "APIManager", "submit()", caller: 12),
        event(15, .network, "APIManager", "land()", async: true),                           // 5 a reply: no caller
        event(16, .presenter, "GreetingPresenter", "didLoad()", caller: 15, async: true),
        event(17, .view, "GreetingViewController", "show()", caller: 16, async: true),
        event(18, .view, "Label", "text", caller: 17, async: true),
    ]
}

@Suite("Compare counts", .hangWatchdog)
struct CompareCountTests {
    @Test("an event's caller is the event its recorded caller names, or none")
    func callers() {
        #expect(TraceCalls.callers(of: HandMadeTrace.tapThatLoads) == [nil, 0, 1, 2, 2, nil, 5, 6, 7])
        #expect(TraceCalls.callers(of: []) == [])
    }

    @Test("a caller outside the events given (another action's, or cut off) is no caller")
    func callerOutsideTheList() {
        let events = Array(HandMadeTrace.tapThatLoads.dropFirst(2))
        #expect(TraceCalls.callers(of: events) == [nil, 0, 0, nil, 3, 4, 5])
    }

    /// What `docs/diagrams/` draws: in no pattern does a presenter, view model, interactor or model
    /// call a widget (`Label.text`, a list's rows) itself.
    @MainActor
    @Test("in every pattern's greeting and listings, only a view or controller calls a widget", arguments: PatternID.allCases)
    func onlyViewsCallWidgets(pattern: PatternID) async throws {
        let runner = TestApp.replayRunner()
        for (screen, keys) in [(ScreenID.greeting, [Key.enter]), (.listings, [.down, .enter, .escape])] {
            for entry in try await runner.run(pattern, screen, keys: keys) {
                let callers = TraceCalls.callers(of: entry.events)
                for (index, event) in entry.events.enumerated() where event.file.hasPrefix("Widgets/") {
                    guard let caller = callers[index] else { continue }
                    let role = entry.events[caller].role
                    #expect(role == .view || role == .controller,
                            "\(pattern.name) \(screen): \(entry.events[caller].call) → \(event.call)")
                }
            }
        }
    }

    @Test("steps, types, boundaries and async events of a hand-made trace")
    func counts() {
        let counts = ActionCounts(events: HandMadeTrace.tapThatLoads)
        // Boundaries: 1→2 view→presenter, 2→3, 2→4, 5→6, 6→7; the button and the label share the
        // view's role, and the reply (5) has no caller.
        #expect(counts == ActionCounts(steps: 9, types: 5, boundaries: 5, asyncEvents: 4))
        #expect(ActionCounts(events: []) == ActionCounts(steps: 0, types: 0, boundaries: 0, asyncEvents: 0))
    }

    @Test("verdicts come from the counts: extremes named, ties marked, equal counts said so")
    func verdicts() {
        let verdicts = CompareVerdict.verdicts(for: [
            .mvc: ActionCounts(steps: 4, types: 2, boundaries: 1, asyncEvents: 0),
            .mvp: ActionCounts(steps: 6, types: 3, boundaries: 4, asyncEvents: 0),
            .mvvm: ActionCounts(steps: 6, types: 3, boundaries: 3, asyncEvents: 0),
            .viper: ActionCounts(steps: 9, types: 5, boundaries: 4, asyncEvents: 0),
        ])
        #expect(verdicts[.mvc] == "fewest steps; fewest boundaries: least indirection")
        #expect(verdicts[.mvp] == "most boundaries: most testable seams (tied)")
        #expect(verdicts[.mvvm] == "middle of the field on every count")
        #expect(verdicts[.viper] == "most steps; most boundaries: most testable seams (tied)")

        let same = ActionCounts(steps: 3, types: 2, boundaries: 1, asyncEvents: 0)
        let equal = CompareVerdict.verdicts(for: [.mvc: same, .mvp: same])
        #expect(equal[.mvc] == "same as the others on every count")
    }
}

@MainActor
@Suite("Replays and mvx trace", .hangWatchdog)
struct ReplayTests {
    @Test("a replay is the screen's construction, then one action per key, each settled")
    func replay() async throws {
        let entries = try await TestApp.replayRunner().run(.mvp, .greeting, keys: [.enter])
        #expect(entries.map(\.action.label) == ["start: MVP Greeting", "Enter on [Show greeting]"])
        let greet = try #require(entries.last)
        #expect(greet.events.contains { $0.detail.contains("Hello David Blaine") })
        #expect(greet.events.allSatisfy { !$0.isAsync }, "greeting is synchronous")
        #expect(!entries[0].events.contains { $0.role == .network }, "the greeting loads nothing")
    }

    @Test("a mixed replay (mvx trace --listings-pattern viper): x, 1-4, g and l act as they do live")
    func mixedReplay() async throws {
        let entries = try await TestApp.replayRunner().run(
            .mvc, .greeting, keys: [.enter, .character("l"), .character("g"), .character("2")],
            screenPatterns: [.listings: .viper])
        #expect(entries.map(\.action.label).filter { !$0.contains("[") && $0.count > 2 } == [
            "start: Greeting MVC · Listings VIPER", "switch to VIPER Listings", "switch to MVC Greeting",
            "switch to MVP Greeting",
        ])
        let patterns = entries.filter { !$0.events.isEmpty }.map(\.action.pattern)
        #expect(patterns == ["MVC", "MVC", "VIPER", "MVC", "MVP"])
        let listings = try #require(entries.first { $0.action.label == "switch to VIPER Listings" })
        #expect(listings.events.contains { $0.role == .interactor && !$0.isAsync }, "VIPER's interactor starts the load")
        #expect(entries.last?.events.first?.detail == "tear down MVC Greeting, build MVP Greeting",
                "in mix mode 2 moves only the greeting")

        // The first screen is checked in its own pattern, and named so when it is missing.
        let registry = ModuleRegistry()
        let runner = ReplayRunner(registry: registry) {
            ModuleContext(appState: AppState(), network: TestApp.network(clock: InstantClock()))
        }
        await #expect(throws: ReplayError.unavailable(.viper, .listings)) {
            _ = try await runner.run(.mvc, .listings, keys: [], screenPatterns: [.listings: .viper])
        }
    }

    @Test("replays are deterministic and independent")
    func deterministic() async throws {
        let runner = TestApp.replayRunner()
        let first = try await runner.run(.viper, .listings, keys: [.down, .enter])
        let second = try await runner.run(.viper, .listings, keys: [.down, .enter])
        #expect(TraceOutput.json(first) == TraceOutput.json(second))
    }

    @Test("a pattern without the screen is refused")
    func unavailable() async {
        let registry = ModuleRegistry()
        let runner = ReplayRunner(registry: registry) {
            ModuleContext(appState: AppState(), network: TestApp.network(clock: InstantClock()))
        }
        await #expect(throws: ReplayError.unavailable(.mvc, .listings)) {
            _ = try await runner.run(.mvc, .listings, keys: [])
        }
    }

    @Test("golden outputs of mvx trace in each format", arguments: TraceOutputFormat.allCases)
    func outputsMatchGolden(format: TraceOutputFormat) async throws {
        let entries = try await TestApp.replayRunner().run(.mvp, .greeting, keys: try KeyScript.parse("enter"))
        Golden.assert(TraceOutput.render(entries, as: format), matches: "trace-mvp-greeting-enter-\(format.rawValue)",
                      mask: .sourceLines)
    }

    @Test("every JSON line decodes to the event it came from")
    func jsonRoundTrip() async throws {
        let entries = try await TestApp.replayRunner().run(.mvvm, .listings, keys: [.enter])
        let lines = TraceOutput.json(entries).split(separator: "\n")
        let decoded = try lines.map { try JSONDecoder().decode(TraceEvent.self, from: Data($0.utf8)) }
        #expect(decoded == entries.flatMap(\.events))
    }

    @Test("Mermaid: escaped text, one participant per type, one arrow per event")
    func mermaid() async throws {
        #expect(MermaidSequenceDiagram.escape("a;b #1 <T> \"q\"\nx") == "a#59;b #35;1 #lt;T#gt; #quot;q#quot; x")
        let entries = try await TestApp.replayRunner().run(.viper, .listings, keys: [.enter])
        let diagram = MermaidSequenceDiagram(entries: entries).text
        let lines = diagram.split(separator: "\n")
        #expect(lines.first == "sequenceDiagram")
        let arrows = lines.filter { $0.contains("->>") || $0.contains("--)") }
        #expect(arrows.count == entries.flatMap(\.events).count)
        let participants = lines.filter { $0.hasPrefix("    participant P") }
        #expect(participants.count == Set(entries.flatMap(\.events).map { "\($0.role) \($0.type)" }).count)
        // A reply no traced method handed on comes from Later, never from the user, and dotted.
        let callers = entries.map { TraceCalls.callers(of: $0.events) }
        let laterCalls = zip(entries, callers).map { entry, callers in
            zip(entry.events, callers).count { event, caller in caller == nil && event.isAsync }
        }.reduce(0, +)
        #expect(laterCalls > 0, "the listings' reply arrives later")
        #expect(lines.contains("    participant Later as later (reply, timer)"))
        #expect(lines.count { $0.hasPrefix("    Later--)") } == laterCalls)
        #expect(!lines.contains { $0.hasPrefix("    User--)") })
        for line in lines.dropFirst() {
            #expect(line.hasPrefix("    "), "\(line)")
            #expect(!line.contains(";") || line.contains("#59;") || line.contains("#35;") || line.contains("#lt;")
                    || line.contains("#gt;") || line.contains("#quot;"), "unescaped ; in \(line)")
        }
    }
}

/// The checked-in sequence diagrams (`make docs`) must be what the code produces now.
@MainActor
@Suite("Generated diagrams are fresh", .hangWatchdog)
struct DiagramFreshnessTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/diagrams")

    @Test("every pattern has greet, load-listings and open-detail")
    func complete() throws {
        let files = Set(try FileManager.default.contentsOfDirectory(atPath: Self.directory.path))
        for pattern in PatternID.allCases {
            for scenario in ["greet", "load-listings", "open-detail"] {
                #expect(files.contains("\(pattern.argument)-\(scenario).md"), "missing \(pattern.argument)-\(scenario).md")
            }
        }
    }

    /// The types of the Widgets module (`Label`, `ListView` …), as the index the build embeds names them.
    static let widgetTypes: Set<String> = Set(SourceCatalog.files.filter { $0.path.hasPrefix("Sources/TerminalUI/Widgets/") }
        .flatMap { $0.index.declarations.filter { ["class", "struct", "enum", "actor"].contains($0.kind.rawValue) }.map(\.name) })

    /// The arrows of a checked-in diagram that run from a role other than a view or controller to
    /// a widget: what a passive view and MVVM forbid.
    static func forbiddenArrows(in text: String) -> [String] {
        var participants: [String: (type: String, role: String)] = [:]
        for match in text.matches(of: #/participant (P\d+) as (\S+) \(([^)]*)\)/#) {
            participants[String(match.1)] = (String(match.2), String(match.3))
        }
        return text.matches(of: #/(P\d+)-{1,2}>>(P\d+):[^\n]*/#).compactMap { arrow in
            guard let from = participants[String(arrow.1)], let to = participants[String(arrow.2)],
                  widgetTypes.contains(to.type), !["View", "Controller"].contains(from.role) else { return nil }
            return String(arrow.0)
        }
    }

    @Test("no checked-in diagram draws a presenter, view model, interactor or model calling a widget")
    func noRoleCallsAWidget() throws {
        #expect(Self.widgetTypes.isSuperset(of: ["Label", "ListView", "Button", "TextField"]))
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.directory.path).filter { $0.hasSuffix(".md") }
        for name in names {
            let text = try String(contentsOf: Self.directory.appendingPathComponent(name), encoding: .utf8)
            #expect(Self.forbiddenArrows(in: text).isEmpty, "\(name): \(Self.forbiddenArrows(in: text))")
        }
        // A diagram of the kind the docs once had is caught.
        let stale = """
            participant P3 as GreetingPresenter (Presenter)
            participant P5 as Label (View)
            P3->>P5: text · text = Hello David Blaine
            """
        #expect(Self.forbiddenArrows(in: stale) == ["P3->>P5: text · text = Hello David Blaine"])
    }

    @Test("each diagram equals a replay of the command it names (`make docs` rewrites them)")
    func fresh() async throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.directory.path).filter { $0.hasSuffix(".md") }.sorted()
        #expect(names.count == 12)
        let runner = TestApp.replayRunner()
        for name in names {
            let text = try String(contentsOf: Self.directory.appendingPathComponent(name), encoding: .utf8)
            let command = try #require(
                text.firstMatch(of: #/mvx trace --pattern (\w+) --screen (\w+) --keys '([^']*)' --last-action --format mermaid/#),
                "\(name) does not name its command")
            let checkedIn = try #require(text.firstMatch(of: #/```mermaid\n((?:.*\n)*?)```/#), "\(name) has no diagram")
            let pattern = try #require(PatternID(rawValue: command.1.uppercased()))
            let screen = try #require(ScreenID(rawValue: String(command.2)))
            let entries = try await runner.run(pattern, screen, keys: try KeyScript.parse(String(command.3)))
            let now = TraceOutput.render(Array(entries.suffix(1)), as: .mermaid) + "\n"
            #expect(String(checkedIn.1) == now, "\(name) is stale: run `make docs`")
        }
    }
}
