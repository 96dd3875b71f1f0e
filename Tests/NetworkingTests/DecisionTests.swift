import Clocks
import FakeServer
import Networking
import Testing
import Tracing

/// Every decision a manager makes about a call — ignored (alone or joining the request in flight),
/// vetoed, parameters rejected, answered from the cache, sent, succeeded, failed, cancelled — as
/// the trace tells it, the journal keeps it and the interceptors hear it.
@MainActor @Suite("Manager decisions", .timeLimit(.minutes(1)))
struct DecisionTests {
    /// One run through every decision, awaiting each callback (no guessed yields): the events and
    /// the environment it ran in.
    static func everyDecision() async -> (events: [TraceEvent], environment: NetworkEnvironment, heard: RecordingInterceptor) {
        let interceptor = RecordingInterceptor()
        let environment = Support.environment(interceptors: [TracingInterceptor(), interceptor])
        let landing = environment.makeLandingPoint("list")
        let person = environment.makePersonManager(landingPoint: landing)
        let list = environment.makeRentListManager(landingPoint: landing)
        let delegate = RecordingDelegate()
        person.delegate = delegate
        list.delegate = delegate
        let (_, events) = await Support.traced {
            await delegate.load { person.loadData() }     // rejected: no id
            person.parameters = ["id": "dynamo"]
            interceptor.veto = true
            await delegate.load { person.loadData() }     // vetoed by the second interceptor
            interceptor.veto = false
            await delegate.load { person.loadData() }     // sent, succeeded
            await delegate.load { person.loadData() }     // answered from the cache
            list.loadFirstPage()                          // sent
            list.refresh()                                // ignored, joins it
            list.loadNextPage()                           // ignored, joins it
            list.loadFirstPage()                          // cancels it (cancel-previous), sent again
            list.refresh()                                // ignored, joins the new one
            await delegate.next()                         // which answers once
            environment.scenario?.update { $0.failureRates = FailureRates([.noNetwork: 1]) }
            await delegate.load { list.loadNextPage() }   // sent, failed
            environment.scenario?.update { $0.failureRates = .none }
            list.loadNextPage()                           // sent again (attempt 2)
            landing.cancelAll()                           // cancelled by the teardown
            list.loadFirstPage()                          // ignored: torn down
        }
        return (events, environment, interceptor)
    }

    /// The network and cache lines of `events` as `Type.method  detail`. A late reply to a cancelled
    /// request is left out: when it arrives depends on scheduling, not on the manager.
    static func story(_ events: [TraceEvent]) -> [String] {
        events.filter { [.network, .cache].contains($0.role) && !$0.detail.hasPrefix("dropped late reply") }
            .map { "\($0.call)  \($0.detail)" }
    }

    @Test("the trace tells each decision once, where it was made, and each delivery to the delegate, in this order")
    func traceOfEveryDecision() async {
        let (events, _, _) = await Self.everyDecision()
        let expected = [
            "TracingInterceptor.shouldCall  person.get ",
            "APIManager<PersonAPI>.submit  not sent: Invalid request: a person id is required.",
            "APIManager<PersonAPI>.deliver  person.get → delegate",
            "TracingInterceptor.beforeFailure  person.get parameters",
            "TracingInterceptor.afterFailure  person.get parameters",
            "TracingInterceptor.shouldCall  person.get id=dynamo",
            "APIManager<PersonAPI>.submit  vetoed by RecordingInterceptor",
            "TracingInterceptor.shouldCall  person.get id=dynamo",
            "APIManager<PersonAPI>.submit  GET person.get",
            "TracingInterceptor.afterCall  person.get",
            "TracingInterceptor.didReceiveResponse  person.get 58 bytes",
            "APIManager<PersonAPI>.land  GET person.get → ok, 0 ms",
            "ResponseCache.store  store person.get id=dynamo",
            "APIManager<PersonAPI>.deliver  person.get → delegate",
            "TracingInterceptor.beforeSuccess  person.get",
            "TracingInterceptor.afterSuccess  person.get",
            "TracingInterceptor.shouldCall  person.get id=dynamo",
            "APIManager<PersonAPI>.submit  cache hit (memory) person.get id=dynamo",
            "TracingInterceptor.afterCall  person.get",
            "APIManager<PersonAPI>.deliver  person.get → delegate",
            "TracingInterceptor.beforeSuccess  person.get",
            "TracingInterceptor.afterSuccess  person.get",
            "TracingInterceptor.shouldCall  rent.list page=1&page_size=20",
            "APIManager<RentListAPI>.submit  GET rent.list page=1",
            "TracingInterceptor.afterCall  rent.list",
            "APIManager<RentListAPI>.submit  ignored: already loading (refresh)",
            "APIManager<RentListAPI>.submit  ignored: page already loading",
            "APIManager<RentListAPI>.cancel  cancelled previous: GET rent.list page=1",
            "TracingInterceptor.shouldCall  rent.list page=1&page_size=20",
            "APIManager<RentListAPI>.submit  GET rent.list page=1 attempt 2",
            "TracingInterceptor.afterCall  rent.list",
            "APIManager<RentListAPI>.submit  ignored: already loading (refresh)",
            "TracingInterceptor.didReceiveResponse  rent.list 3990 bytes",
            "APIManager<RentListAPI>.land  GET rent.list page=1 → 20 items, 0 ms",
            "ResponseCache.store  store rent.list page=1&page_size=20",
            "APIManager<RentListAPI>.deliver  rent.list → delegate",
            "TracingInterceptor.beforeSuccess  rent.list",
            "TracingInterceptor.afterSuccess  rent.list",
            "TracingInterceptor.shouldCall  rent.list page=2&page_size=20",
            "APIManager<RentListAPI>.submit  GET rent.list page=2",
            "TracingInterceptor.afterCall  rent.list",
            "APIManager<RentListAPI>.land  GET rent.list page=2 → no network, 0 ms",
            "APIManager<RentListAPI>.deliver  rent.list → delegate",
            "TracingInterceptor.beforeFailure  rent.list no network",
            "TracingInterceptor.afterFailure  rent.list no network",
            "TracingInterceptor.shouldCall  rent.list page=2&page_size=20",
            "APIManager<RentListAPI>.submit  GET rent.list page=2 attempt 2",
            "TracingInterceptor.afterCall  rent.list",
            "LandingPoint.cancelAll  tear down list",
            "APIManager<RentListAPI>.cancel  teardown: GET rent.list page=2",
            "APIManager<RentListAPI>.submit  ignored: list torn down",
        ]
        let story = Self.story(events)
        #expect(story == expected, "first difference at line \(zip(story, expected).prefix { $0 == $1 }.count + 1)")
    }

    @Test("the journal keeps one record per call with what was decided")
    func journalOfEveryDecision() async {
        let (_, environment, _) = await Self.everyDecision()
        let outcomes = environment.journal.records.map { "\($0.id) \($0.method) \($0.page.map(String.init) ?? "-") \($0.outcome)" }
        #expect(outcomes == [
            "1 person.get - rejected(Networking.APIError.parameters(\"a person id is required\"))",
            "2 person.get - vetoed(by: \"RecordingInterceptor\")",
            "3 person.get - succeeded(items: nil)",
            "4 person.get - cacheHit",
            "5 rent.list 1 cancelled(\"cancelled previous\")",
            "6 rent.list 1 ignored(reason: \"already loading (refresh)\", joined: Optional(5))",
            "7 rent.list 1 ignored(reason: \"page already loading\", joined: Optional(5))",
            "8 rent.list 1 succeeded(items: Optional(20))",
            "9 rent.list 1 ignored(reason: \"already loading (refresh)\", joined: Optional(8))",
            "10 rent.list 2 failed(Networking.APIError.noNetwork)",
            "11 rent.list 2 cancelled(\"teardown\")",
            "12 rent.list 1 ignored(reason: \"list torn down\", joined: nil)",
        ])
    }

    @Test("the journal lists every interceptor call the interceptors heard, point by point")
    func journalHooksAreTheHooksHeard() async {
        let (events, environment, heard) = await Self.everyDecision()
        for point in InterceptionPoint.allCases {
            let journaled = environment.journal.records.flatMap(\.interceptorCalls).filter { $0.point == point }.map(\.count)
                .reduce(0, +)
            let traced = events.count { $0.type == "TracingInterceptor" && $0.bareMethod == point.rawValue }
            let recorded = heard.calls.count { $0 == point.rawValue }
            #expect(journaled == traced + recorded, "\(point): journaled \(journaled), heard \(traced) + \(recorded)")
            #expect(journaled > 0, "\(point) is reached by some decision of the run")
        }
    }

    @Test("each decision changes the journal once: sent then landed is two changes, a cache hit or an ignored call one")
    func oneChangePerDecision() async {
        let environment = Support.environment(interceptors: [TracingInterceptor()])
        let manager = environment.makeRentListManager(landingPoint: environment.makeLandingPoint("list"))
        let delegate = RecordingDelegate()
        manager.delegate = delegate
        let journal = environment.journal
        var before = journal.version
        await delegate.load { manager.loadFirstPage() }
        #expect(journal.version - before == 2, "sent, succeeded")
        before = journal.version
        await delegate.load { manager.loadFirstPage() }
        #expect(journal.version - before == 1, "answered from the cache")
        before = journal.version
        manager.loadNextPage()
        #expect(journal.version - before == 1, "sent")
        manager.refresh()
        await delegate.next()
        #expect(journal.version - before == 3, "then ignored (joined), then the joined request landed")
        before = journal.version
        manager.parameters = ["district": "nowhere"]
        manager.loadFirstPage()
        manager.loadFirstPage()
        #expect(journal.version - before == 3, "sent, cancelled by the next, which was sent")
    }
}
