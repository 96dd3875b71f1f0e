import Clocks
import FakeServer
import Model
import Networking
import TestSupport
import ModelServices
import Testing
import Tracing

@MainActor @Suite(.timeLimit(.minutes(1))) struct ManagerTests {
    /// Whether an API pages comes from its protocols, with no cast: the three lists do, the person does not,
    /// also when the API is only known as an `APIDescriptor`.
    @Test func theListsPageAndThePersonDoesNot() {
        let apis: [any APIDescriptor] = [RentListAPI(), NewHomesListAPI(), SecondHandListAPI(), PersonAPI()]
        #expect(apis.map { $0.asPaged?.method } == ["rent.list", "xinfang.list", "esf.list", nil])
    }

    @Test func pagingWithTheDelegate() async {
        let environment = Support.environment()
        let landing = environment.makeLandingPoint("list")
        let manager = environment.makeRentListManager(landingPoint: landing)
        let delegate = RecordingDelegate()
        manager.delegate = delegate

        manager.loadFirstPage()
        #expect(manager.isLoading)
        await environment.settle()
        #expect(delegate.successes == 1)
        #expect(manager.currentPage == 1 && !manager.isLastPage)
        #expect(manager.fetchData(with: PropertyListReformer())?.count == 20)
        #expect(manager.fetchData()?["items"]?.arrayValue?.count == 20)

        manager.loadNextPage()
        manager.loadNextPage()  // no double load
        await environment.settle()
        #expect(delegate.successes == 2)
        #expect(manager.currentPage == 2)
        manager.loadNextPage()
        await environment.settle()
        manager.loadNextPage()
        await environment.settle()
        #expect(manager.currentPage == 4 && manager.isLastPage)
        #expect(manager.fetchData(with: PropertyListReformer())?.count == 72)
        manager.loadNextPage()  // after the last page: nothing
        await environment.settle()
        #expect(delegate.successes == 4 && delegate.failures.isEmpty)
    }

    @Test func aFailedPageDoesNotAdvance() async {
        let environment = Support.environment()
        let manager = environment.makeSecondHandListManager(landingPoint: environment.makeLandingPoint("list"))
        let delegate = RecordingDelegate()
        manager.delegate = delegate
        #expect(await delegate.load { manager.loadFirstPage() } == .success)
        environment.scenario?.update { $0.failureRates = FailureRates([.noNetwork: 1]) }
        #expect(await delegate.load { manager.loadNextPage() } == .failure(.noNetwork))
        #expect(manager.currentPage == 1)
        #expect(manager.state == .failed(.noNetwork))
        environment.scenario?.update { $0.failureRates = .none }
        #expect(await delegate.load { manager.loadNextPage() } == .success)
        #expect(manager.currentPage == 2)
        #expect(manager.fetchData()?["items"]?.arrayValue?.count == 40)
        #expect(manager.state == .loaded)
    }

    @Test func parametersAreValidatedBeforeSending() async {
        let transport = GatedTransport()
        let environment = NetworkEnvironment(transport: transport, clock: ImmediateClock(), interceptors: [])
        let manager = environment.makePersonManager(landingPoint: environment.makeLandingPoint("greeting"))
        let delegate = RecordingDelegate()
        manager.delegate = delegate
        #expect(await delegate.load { manager.loadData() } == .failure(.parameters("a person id is required")))
        manager.parameters = ["id": "Not An Id!"]
        #expect(!manager.loadData(), "refused inside the call, the delegate told at once")
        #expect(delegate.failures == [.parameters("a person id is required"), .parameters("a person id has up to 64 lowercase letters, digits and dashes")])
        #expect(await transport.received == 0)
    }

    @Test func personThroughAParameterSourceAndReformer() async {
        final class Source: APIManagerParameterSource {
            func parameters(for manager: any DataManaging) -> [String: String] { ["id": "liu-qian"] }
        }
        let environment = Support.environment()
        let manager = environment.makePersonManager(landingPoint: environment.makeLandingPoint("greeting"))
        let delegate = RecordingDelegate()
        manager.delegate = delegate
        let source = Source()
        manager.parameterSource = source
        #expect(await delegate.load { manager.loadData() } == .success)
        #expect((manager.fetchData(with: PersonReformer()) ?? nil)?.fullName == "谦 刘")
        manager.parameters = ["id": "nobody"]
        manager.parameterSource = nil
        #expect(await delegate.load { manager.loadData() } == .failure(.noContent))
    }

    @Test func responsesAreValidatedAndOnlyValidOnesCached() async {
        let hostile = Fixtures(unchecked: [.rent: [.object(["name": .string("no id")])]])
        let environment = Support.environment(fixtures: hostile)
        let manager = environment.makeRentListManager(landingPoint: environment.makeLandingPoint("list"))
        let delegate = RecordingDelegate()
        manager.delegate = delegate
        #expect(await delegate.load { manager.loadFirstPage() } == .failure(.malformedResponse("item 1 has no 'id' string")))
        #expect(environment.cache.count == 0)
        let empty = Support.environment(fixtures: Fixtures(unchecked: [:]))
        let other = empty.makeNewHomesListManager(landingPoint: empty.makeLandingPoint("list"))
        other.delegate = delegate
        #expect(await delegate.load { other.loadFirstPage() } == .failure(.noContent))
    }

    @Test(arguments: FailureKind.allCases)
    func injectedFailuresBecomeErrors(_ kind: FailureKind) async {
        let environment = Support.environment(Scenario(latency: .zero ... .zero, failureRates: FailureRates([kind: 1])))
        let manager = environment.makeRentListManager(landingPoint: environment.makeLandingPoint("list"))
        let delegate = RecordingDelegate()
        manager.delegate = delegate
        let heard = await delegate.load { manager.loadFirstPage() }
        guard case .failure(let error) = heard else {
            Issue.record("expected \(kind) to fail, heard \(String(describing: heard))")
            return
        }
        #expect(error.shortName == kind.error.shortName)
        #expect(environment.cache.count == 0)
    }

    @Test func cacheHitSkipsTheNetworkAndIsTraced() async {
        let environment = Support.environment()
        let manager = environment.makeRentListManager(landingPoint: environment.makeLandingPoint("list"))
        let delegate = RecordingDelegate()
        manager.delegate = delegate
        await delegate.load { manager.loadFirstPage() }
        let (sent, events) = await Support.traced { manager.loadFirstPage() }
        #expect(!sent && delegate.successes == 2, "answered inside the call")
        #expect(manager.fetchData()?["items"]?.arrayValue?.count == 20)
        #expect(events.contains { $0.role == .cache && $0.detail.hasPrefix("cache hit (memory) rent.list") })
        #expect(!events.contains { $0.detail.hasPrefix("GET") })
        environment.cache.removeAll()
        let (_, again) = await Support.traced { await delegate.load { manager.loadFirstPage() } }
        #expect(again.contains { $0.detail == "GET rent.list page=1 → 20 items, 0 ms" })
    }

    @Test func ignoreIfLoadingJoinsTheRequestInFlight() async {
        let transport = GatedTransport()
        let environment = NetworkEnvironment(transport: transport, clock: ImmediateClock(), interceptors: [])
        let manager = environment.makePersonManager(landingPoint: environment.makeLandingPoint("greeting"))
        let delegate = RecordingDelegate()
        manager.delegate = delegate
        manager.parameters = ["id": "dynamo"]
        #expect(manager.loadData())
        let (joined, events) = await Support.traced { manager.loadData() }
        #expect(!joined)
        #expect(events.contains { $0.detail == "ignored: already loading" })
        await transport.releaseAll(holding: 1)
        await delegate.until(1)
        await environment.settle()
        #expect(delegate.log == ["success person.get"], "the two calls are answered once")
        #expect(await transport.received == 1)
    }

    @Test func cancelPreviousDropsTheLateReply() async {
        let transport = GatedTransport()
        let environment = NetworkEnvironment(transport: transport, clock: ImmediateClock(), interceptors: [])
        let manager = environment.makeRentListManager(landingPoint: environment.makeLandingPoint("list"))
        let delegate = RecordingDelegate()
        manager.delegate = delegate
        let (_, events) = await Support.traced {
            manager.parameters = ["district": "浦东新区"]
            manager.loadFirstPage()
            manager.parameters = [:]
            manager.loadFirstPage()  // cancels the first
            await transport.releaseAll(holding: 2)
            await delegate.until(1)
            await transport.untilAnswered(2)  // the cancelled first request's late reply is on its way back
            await environment.settle()
        }
        #expect(delegate.successes == 1 && delegate.failures.isEmpty)
        #expect(events.contains { $0.detail == "cancelled previous: GET rent.list page=1" })
        #expect(events.contains { $0.detail == "dropped late reply to cancelled rent.list" })
        #expect(manager.fetchData(with: PropertyListReformer())?.count == 20)
    }

    @Test func interceptorsRunInTheDocumentedOrder() async {
        let interceptor = RecordingInterceptor()
        let environment = Support.environment(interceptors: [interceptor])
        let manager = environment.makeNewHomesListManager(landingPoint: environment.makeLandingPoint("list"))
        let delegate = RecordingDelegate()
        manager.delegate = delegate
        #expect(await delegate.load { manager.loadFirstPage() } == .success)
        #expect(interceptor.calls == ["shouldCall", "afterCall", "didReceiveResponse", "beforeSuccess", "afterSuccess"])
        interceptor.calls = []
        environment.scenario?.update { $0.failureRates = FailureRates([.malformed: 1]) }
        #expect(await delegate.load { manager.loadNextPage() } != .success)
        #expect(interceptor.calls == ["shouldCall", "afterCall", "didReceiveResponse", "beforeFailure", "afterFailure"])
        interceptor.calls = []
        interceptor.veto = true
        #expect(await delegate.load { manager.loadNextPage() } == nil, "vetoed: nothing sent, nothing told")
        #expect(interceptor.calls == ["shouldCall"])
    }

    @Test func tracingInterceptorAndDeliveryKeepTheCallersAction() async throws {
        let environment = Support.environment(interceptors: [TracingInterceptor()])
        let manager = environment.makeRentListManager(landingPoint: environment.makeLandingPoint("list"))
        let buffer = TraceBuffer()
        let tracer = Tracer(sinks: [buffer])
        let press = tracer.beginAction("Enter", pattern: "MVC")
        Trace.$context.withValue(press) { manager.loadFirstPage() }
        _ = tracer.beginAction("another key", pattern: "MVC")  // a later action must not steal the reply
        await environment.settle()
        let landed = buffer.events.filter { $0.detail.contains("→ 20 items") }
        #expect(landed.count == 1 && landed.first?.actionID == press.action.id)
        #expect(buffer.events.contains { $0.type == "TracingInterceptor" && $0.method.hasPrefix("afterSuccess") })
    }

    @Test func theStateFollowsEveryTransition() async {
        let environment = Support.environment()
        let landing = environment.makeLandingPoint("list")
        let manager = environment.makeRentListManager(landingPoint: landing)
        var states = [manager.state]
        manager.loadFirstPage()
        states.append(manager.state)
        await environment.settle()
        states.append(manager.state)
        environment.scenario?.update { $0.offline = true }
        manager.loadNextPage()
        states.append(manager.state)
        await environment.settle()
        states.append(manager.state)
        #expect(states == [.idle, .loading, .loaded, .loading, .failed(.noNetwork)])
        environment.scenario?.update { $0.offline = false }
        manager.refresh()
        manager.cancelAllRequests()
        #expect(manager.state == .failed(.noNetwork), "a cancelled load leaves the state it found")
        await environment.settle()
    }

    @Test func teardownCancelsEverythingAndNothingLandsAfter() async {
        let transport = GatedTransport()
        let environment = NetworkEnvironment(transport: transport, clock: ImmediateClock(), interceptors: [])
        let landing = environment.makeLandingPoint("list")
        let rent = environment.makeRentListManager(landingPoint: landing)
        let person = environment.makePersonManager(landingPoint: landing)
        let delegate = RecordingDelegate()
        rent.delegate = delegate
        person.delegate = delegate
        person.parameters = ["id": "dynamo"]
        rent.loadFirstPage()
        person.loadData()
        #expect(landing.loadingCount == 2)
        landing.cancelAll()
        #expect(landing.loadingCount == 0)
        await transport.releaseAll(holding: 0)  // the cancelled requests may not have arrived
        await environment.settle()
        #expect(!rent.loadFirstPage() && !person.loadData(), "after teardown: ignored, no callback")
        await environment.settle()
        #expect(delegate.log.isEmpty)
        #expect(rent.fetchData() == nil)
    }

    @Test func managersNeverKeepTheirScreenOrThemselvesAlive() async {
        let transport = GatedTransport()
        let environment = NetworkEnvironment(transport: transport, clock: ImmediateClock(), interceptors: [])
        let landing = environment.makeLandingPoint("list")
        weak var weakDelegate: RecordingDelegate?
        weak var weakManager: RentListManager?
        do {
            let delegate = RecordingDelegate()
            let manager = environment.makeRentListManager(landingPoint: landing)
            manager.delegate = delegate
            manager.loadFirstPage()
            weakDelegate = delegate
            weakManager = manager
        }
        await environment.untilJournal { $0.inFlightCount == 0 }  // the released manager cancels in its deinit
        #expect(weakDelegate == nil)
        #expect(weakManager == nil)
        await transport.releaseAll(holding: 0)
        await environment.settle()
    }

    @Test func cancellingARequestTellsItsDelegateNothing() async {
        let transport = GatedTransport()
        let environment = NetworkEnvironment(transport: transport, clock: ImmediateClock(), interceptors: [])
        let manager = environment.makeRentListManager(landingPoint: environment.makeLandingPoint("list"))
        let delegate = RecordingDelegate()
        manager.delegate = delegate
        manager.loadFirstPage()
        manager.cancelAllRequests()
        #expect(!manager.isLoading)
        await transport.releaseAll(holding: 1)
        await transport.untilAnswered(1)  // the cancelled request's reply is on its way back
        await environment.settle()
        #expect(delegate.log.isEmpty)
        #expect(environment.journal.records.map(\.outcome) == [.cancelled("cancelled")])
    }

    @Test func requestsWaitForTheTestClock() async {
        let clock = TestClock()
        let environment = Support.environment(Scenario(latency: .milliseconds(200) ... .milliseconds(200)), clock: clock)
        let manager = environment.makePersonManager(landingPoint: environment.makeLandingPoint("greeting"))
        let delegate = RecordingDelegate()
        manager.delegate = delegate
        manager.parameters = ["id": "david-blaine"]
        manager.loadData()
        await environment.untilAsleep()
        #expect(manager.isLoading && delegate.log.isEmpty)
        await clock.advance(by: .milliseconds(200))
        await delegate.until(1)
        #expect(manager.fetchData(with: PersonReformer()) ?? nil == .davidBlaine)
    }
}
