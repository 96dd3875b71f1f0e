import AppComposition
import PatternVocabulary
import Shell
import Terminal
import Testing
import Tracing

/// Folded requests (`z`): each network request's own lines as one line in the trace pane, by
/// default; the pattern's roles and the reformer stay; `/` and `p` pick first, then the folds group.
@MainActor
@Suite("Trace folds", .hangWatchdog)
struct TraceFoldTests {
    private func event(
        _ sequence: UInt64, _ role: Role, _ type: String, _ method: String = "run()", _ detail: String = "",
        request: TraceRequest? = nil, depth: Int = 0
    ) -> TraceEvent {
        TraceEvent(sequence: sequence, actionID: 1, pattern: "MVVM", role: role, type: type, method: method,
                   file: "F.swift", line: 1, detail: detail, depth: depth, request: request)
    }

    /// A first page's load as the network layer records it: asked, sent, "Loading…", landed,
    /// stored, the view model's reaction with the reformer, delivered.
    private var load: TraceBuffer.Entry {
        let events = [
            event(1, .viewModel, "ListingsViewModel", "viewDidLoad()", "first page of Rent"),
            event(2, .network, "TracingInterceptor", "shouldCall(_:parameters:)", "rent.list page=1", request: TraceRequest(id: 7), depth: 1),
            event(3, .network, "APIManager<RentListAPI>", "submit(_:_:)", "GET rent.list page=1",
                  request: TraceRequest(id: 7, outcome: "rent.list page 1: sent, no reply yet"), depth: 1),
            event(4, .view, "ListingsViewController", "showStatus(_:)", "status ← Loading", depth: 1),
            event(5, .network, "APIManager<RentListAPI>", "land(_:_:)", "GET rent.list page=1 → 20 items, 8 ms",
                  request: TraceRequest(id: 7, outcome: "rent.list page 1: 20 items in 8 ms")),
            event(6, .cache, "ResponseCache", "store(_:for:)", "store rent.list", request: TraceRequest(id: 7)),
            event(7, .viewModel, "ListingsViewModel", "managerDidSucceed(_:)", depth: 1),
            event(8, .reformer, "ListingReformer", "reform(_:from:)", "rent.list: 20 raw → 20 listings", depth: 2),
            event(9, .network, "TracingInterceptor", "afterSuccess(_:)", "rent.list", request: TraceRequest(id: 7), depth: 1),
        ]
        let buffer = TraceBuffer()
        buffer.begin(TraceAction(id: 1, label: "start", pattern: "MVVM"))
        for event in events { buffer.record(event) }
        return buffer.entries[0]
    }

    @Test("a request's network and cache lines fold into one, where it began, saying what it came to")
    func foldsARequest() throws {
        let (entries, hidden, requests) = TraceFilter().apply([load])
        let events = try #require(entries.first).events
        #expect(events.map(\.sequence) == [1, 2, 4, 7, 8], "the roles' lines and the reformer's stay")
        let fold = events[1]
        #expect(fold.request?.folded == 5 && fold.detail == "rent.list page 1: 20 items in 8 ms" && fold.depth == 1)
        #expect(hidden == 0 && requests == 1)
        let lines = TraceLines.lines(for: try #require(entries.first), width: 80)
        let line = try #require(lines.first { $0.text.contains("⋯") })
        #expect(line.text == "   ⋯ rent.list page 1: 20 items in 8 ms" && line.trailing == "5 lines folded")
        // Narrow: what it came to goes under the request, never cut off.
        let narrow = TraceLines.lines(for: try #require(entries.first), width: 30).map(\.text)
        #expect(narrow.contains("  ⋯ rent.list page 1") && narrow.contains("      20 items in 8 ms"), "\(narrow)")
    }

    @Test("z's state: open, every recorded line is there as it was")
    func openFolds() {
        let (entries, _, requests) = TraceFilter(foldsRequests: false).apply([load])
        #expect(entries == [load] && requests == 1)
    }

    @Test("filters pick first, then the folds group what they picked; p leaves no folded line")
    func filtersCompose() throws {
        // `/ rent` picks the lines that say rent (the view model's "Rent", five of the request's, the
        // reformer's), then the request's fold; the words come from the deciding line even when a
        // filter did not pick it.
        let picked = try #require(TraceFilter(text: "rent").apply([load]).entries.first).events
        #expect(picked.map(\.sequence) == [1, 2, 8] && picked[1].request?.folded == 5)
        let noCache = try #require(TraceFilter(text: "-cache").apply([load]).entries.first).events
        #expect(noCache.first { $0.request?.folded != nil }?.request?.folded == 4)
        let interceptors = try #require(TraceFilter(text: "TracingInterceptor").apply([load]).entries.first).events
        #expect(interceptors.count == 1 && interceptors[0].detail == "rent.list page 1: 20 items in 8 ms")
        let own = try #require(TraceFilter(ownRolesOnly: true).apply([load]).entries.first).events
        #expect(own.map(\.sequence) == [1, 4, 7] && !own.contains { $0.request != nil })
    }

    @Test("in the app: folded by default and the title says so; z opens them and folds them again")
    func inTheShell() async {
        let app = TestApp.session(size: Size(width: 120, height: 40), pattern: .mvvm, screen: .listings)
        await app.settle()
        #expect(app.text.contains("Trace · ⋯ folded (z)"))
        #expect(paneText(app).contains("⋯ rent.list page 1: 20 items in "), "\(paneText(app))")
        #expect(!paneText(app).contains("TracingInterceptor"))
        #expect(paneText(app).contains("ViewModel ListingsViewModel.managerDidSucceed") && paneText(app).contains("Reformer"))
        app.press(.character("z"))
        #expect(app.text.contains("Trace · unfolded (z)"))
        #expect(paneText(app).contains("Network TracingInterceptor.shouldCall") && !paneText(app).contains("⋯ rent.list"))
        app.press(.character("z"), .character("/"))
        app.type("network")
        app.press(.enter)
        #expect(app.text.contains("Trace · ⋯ folded (z) · / network ·"), "both say what they do")
        #expect(paneText(app).contains("⋯ rent.list page 1"))
    }

    @Test("a screen that sends nothing: the title says nothing of folds")
    func greetingTitle() {
        let app = TestApp.session(size: Size(width: 120, height: 40))
        app.press(.enter)
        #expect(app.text.contains(" Trace ") && !app.text.contains("folded"))
    }

    /// The trace pane's columns of the screen (right of the divider).
    private func paneText(_ app: HeadlessSession) -> String {
        app.text.split(separator: "\n").map { line in
            line.split(separator: "│", maxSplits: 1).dropFirst().first.map(String.init) ?? ""
        }.joined(separator: "\n")
    }
}

/// The default trace of a listings load at 80×24: the pattern's roles, each request one line.
@MainActor
@Suite("Golden: the folded trace", .hangWatchdog)
struct TraceFoldGoldenTests {
    @Test("New homes loaded at 80×24, in MVP and in MVVM (the binding between view model and view): the end, then the start")
    func listingsLoad() async throws {
        for pattern in [PatternID.mvp, .mvvm] {
            let app = TestApp.session(size: Size(width: 80, height: 24), pattern: pattern, screen: .listings)
            await app.settle()
            app.press(.right)
            await app.settle()
            Golden.assert(app.text, matches: "trace-folded-\(pattern.argument)-new-homes-80x24")
            // Back to the action's header, where the request was sent: its one folded line.
            var presses = 0
            while !app.text.contains("│▸ → · \(pattern.name)"), presses < 20 {
                app.press(.character("["))
                presses += 1
            }
            Golden.assert(app.text, matches: "trace-folded-\(pattern.argument)-new-homes-start-80x24")
        }
    }
}
