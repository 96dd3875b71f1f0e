import CodeMetrics
import Mediator
import ObjectGraph
import PatternVocabulary
import Terminal
import Testing
import Tracing
@testable import Shell

/// Each panel's "what to notice" line, computed from what the panel measures: true for the pattern
/// and screen on show in all four patterns, and changed when what it reads says otherwise.
@MainActor
@Suite("Panel notes", .hangWatchdog)
struct PanelNoteTests {
    private static func session(_ pattern: PatternID, _ screen: ScreenID = .greeting,
                                size: Size = Size(width: 120, height: 40)) async -> HeadlessSession {
        let session = CompareTests.session(size: size, pattern: pattern, screen: screen)
        await session.settle()
        return session
    }

    /// The note's rows on screen, joined: what the reader sees under the panel's title.
    private static func note(in text: String, rows rowCount: Int = PanelNote.maxRows) -> String? {
        let rows = text.components(separatedBy: "\n")
        guard let first = rows.firstIndex(where: { $0.contains(" » ") }) else { return nil }
        func part(_ row: String) -> String {
            let cell = row.contains("│ ") ? String(row[row.range(of: "│ ", options: .backwards)!.upperBound...]) : row
            return cell.trimmingCharacters(in: .whitespaces)
        }
        var note = part(rows[first]).replacingOccurrences(of: "» ", with: "")
        if rowCount > 1, first + 1 < rows.count, rows[first + 1].contains("│   ") || rows[first + 1].hasPrefix("   ") {
            note += " " + part(rows[first + 1])
        }
        return note
    }

    // MARK: - Ownership

    @Test("ownership: which role holds which weakly, or that nothing points back, read from the graph",
          arguments: [(PatternID.mvc, "no cycle: the controller holds the model; no other role refers back to it"),
                      (.mvp, "no strong cycle: the presenter holds its view weakly"),
                      (.mvvm, "no cycle: the view holds the view model; no other role refers back to it"),
                      (.viper, "no strong cycle: the presenter holds its view weakly, the interactor its presenter")])
    func ownership(pattern: PatternID, expected: String) async throws {
        let session = await Self.session(pattern)
        session.press(.character("o"))
        let panel = try #require(session.shell.state.panel.flatMap { if case .ownership(let panel) = $0 { panel } else { nil } })
        #expect(panel.snapshot?.notice == expected)
        #expect(Self.note(in: session.text) == expected, "drawn on the panel's first row")
    }

    @Test("ownership: the same MVP and VIPER modules read as if every reference were strong show a strong cycle",
          arguments: [PatternID.mvp, .viper])
    func ownershipOfABrokenGraph(pattern: PatternID) async throws {
        let session = await Self.session(pattern)
        let module = try #require(session.shell.activeModule)
        let allStrong = ObjectGraph(roots: [("module", module), ("appState", session.context.appState)],
                                    scope: ModuleGraph.scope, strengths: DeclaredStrengths())
        let snapshot = OwnershipSnapshot(allStrong, label: "broken", pattern: pattern)
        #expect(snapshot.notice == "a strong cycle: its objects outlive the module's teardown")
    }

    // MARK: - Timeline

    @Test("timeline: the roles whose stored fields the greeting press changed",
          arguments: [(PatternID.mvc, "the state #2 changed lives in the view only"),
                      (.mvp, "the state #2 changed lives in the view only"),
                      (.mvvm, "the state #2 changed lives in the view model and the view"),
                      (.viper, "the state #2 changed lives in the view only")])
    func timelineGreeting(pattern: PatternID, expected: String) async throws {
        let session = await Self.session(pattern)
        session.press(.enter)
        await session.settle()
        session.press(.character("t"))
        let action = try #require(session.shell.timeline.actions.last)
        #expect(TimelinePanel.note(for: action) == expected)
        #expect(Self.note(in: session.text) == expected)
    }

    @Test("timeline: a second page's rows are kept by the pattern's own role, named first",
          arguments: [(PatternID.mvc, Role.controller), (.mvp, .presenter), (.mvvm, .viewModel), (.viper, .interactor)])
    func timelineListings(pattern: PatternID, owner: Role) async throws {
        let session = await Self.session(pattern, .listings)
        session.press(.end)
        await session.settle()
        let action = try #require(session.shell.timeline.actions.last)
        let note = TimelinePanel.note(for: action)
        #expect(note.hasPrefix("the state #2 changed lives in the \(owner.noun)"), "\(note)")
        // Without the owner's changes the note no longer names it; without any, it says so.
        var others = action
        others.changes = action.changes.filter { change in
            OwnershipRoles.role(module: change.module, typeName: String(change.key.prefix { $0 != "." && $0 != "#" })) != owner
        }
        #expect(others.changes.count < action.changes.count)
        #expect(!TimelinePanel.note(for: others).contains("the \(owner.noun)"), "\(TimelinePanel.note(for: others))")
        var unchanged = action
        unchanged.changes = []
        #expect(TimelinePanel.note(for: unchanged) == "#2 changed no stored state")
    }

    // MARK: - Metrics

    @Test("metrics: the pattern's place on each of Orlov's criteria and its largest role, from the report",
          arguments: PatternID.allCases)
    func metrics(pattern: PatternID) throws {
        let report = MetricsFixture.report
        let note = MetricsPanel(report: report).note(for: pattern)
        let own = try #require(report.patterns.first { $0.pattern == pattern })
        for result in report.results() {
            let mine = result.criterion.value(for: own)
            let place = 1 + result.figures.count { result.criterion.higherIsBetter ? $0.value > mine : $0.value < mine }
            #expect(note.contains("\(result.criterion.title.lowercased()) \(place)"), "\(note)")
        }
        #expect(note.hasPrefix("\(pattern.name) among 4 on Orlov's criteria: "))
        #expect(note.hasSuffix("most code: the \(try #require(own.largestRole).role.noun)"))
    }

    @Test("metrics: the note follows the pattern on show, drawn under the key line")
    func metricsDrawn() async throws {
        let session = await Self.session(.mvp, size: Size(width: 80, height: 24))
        session.press(.character("m"))
        let mvp = try #require(Self.note(in: session.text))
        #expect(mvp.hasPrefix("MVP among 4 on Orlov's criteria"))
        session.press(.character("4"))
        await session.settle()
        #expect(Self.note(in: session.text)?.hasPrefix("VIPER among 4 on Orlov's criteria") == true)
    }

    // MARK: - Network

    @Test("network: the role the newest reply landed in, from the trace",
          arguments: [(PatternID.mvc, "controller: ListingsViewController.managerDidSucceed"),
                      (.mvp, "presenter: ListingsPresenter.managerDidSucceed"),
                      (.mvvm, "view model: ListingsViewModel.managerDidSucceed"),
                      (.viper, "interactor: ListingsInteractor.managerDidSucceed")])
    func network(pattern: PatternID, expected: String) async throws {
        let session = await Self.session(pattern, .listings)
        #expect(NetworkPanel.note(trace: session.traceBuffer, pattern: pattern) == "the newest reply landed in the " + expected)
        session.press(.character("n"))
        #expect(Self.note(in: session.text) == "the newest reply landed in the " + expected)
        let greeting = await Self.session(pattern)
        #expect(NetworkPanel.note(trace: greeting.traceBuffer, pattern: pattern) == "no reply has landed in \(pattern.name) yet")
    }

    @Test("a note too long for its pane wraps onto a second row and ends in … there")
    func wrapping() {
        let lines = PanelNote.lines("one two three four five six seven eight nine ten", width: 15)
        #expect(lines.map(\.text) == [" » one two", "   three four …"])
        #expect(PanelNote.lines("short", width: 15).map(\.text) == [" » short"])
    }
}

extension PanelNoteTests {
    @Test("source: the duty the pattern's role table gives the type on show; else what the trace says of it",
          arguments: [(PatternID.mvc, "GreetingViewController, the controller: owns the model, the button and the label; its button handler builds the greeting"),
                      (.mvp, "GreetingPresenter, the presenter: decides everything: builds the greeting, updates the model, drives the view protocol"),
                      (.mvvm, "GreetingViewModel, the view model: turns the model into the greeting; greetingDidChange tells the view; knows no view"),
                      (.viper, "GreetingPresenter, the presenter: asks the interactor, formats its answers for the view")])
    func source(pattern: PatternID, expected: String) async throws {
        let session = await Self.session(pattern, size: Size(width: 200, height: 40))
        session.press(.enter)
        await session.settle()
        session.press(.character("s"))
        #expect(Self.note(in: session.text, rows: 1) == expected, "one row, under the file's path")
    }

    @Test("source: a type the table does not name gets no duty of another type, only its role and whose code it is")
    func sourceFallback() {
        let duties = [RoleDuty(.presenter, "GreetingPresenter", "builds the greeting")]
        func event(_ type: String, _ role: Role, _ file: String) -> TraceEvent {
            TraceEvent(sequence: 1, actionID: 1, pattern: "MVP", role: role, type: type, method: "m()", file: file, line: 1, detail: "")
        }
        #expect(SourcePanel.note(for: event("GreetingPresenter", .presenter, "MVP/Greeting/GreetingPresenter.swift"),
                                 roles: duties, pattern: .mvp) == "GreetingPresenter, the presenter: builds the greeting")
        #expect(SourcePanel.note(for: event("ListingsPresenter", .presenter, "MVP/Listings/ListingsPresenter.swift"),
                                 roles: duties, pattern: .mvp) == "ListingsPresenter plays the presenter in MVP")
        #expect(SourcePanel.note(for: event("GreetingPresenter", .presenter, "MVP/Greeting/GreetingPresenter.swift"),
                                 roles: duties, pattern: .viper) == "GreetingPresenter plays the presenter in MVP",
                "the table of the pattern on show is not another pattern's")
        #expect(SourcePanel.note(for: event("Label", .view, "Widgets/Label.swift"), roles: duties, pattern: .mvp)
                == "Label (view) is Widgets code, the same under all four patterns")
    }
}
