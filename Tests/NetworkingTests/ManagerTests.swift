import Clocks
import FakeServer
import Model
import Networking
import TestSupport
import Reformers
import Testing
import Tracing

@MainActor @Suite struct ManagerTests {
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

    @Test func asyncPagingAndAFailedPageDoesNotAdvance() async throws {
        let environment = Support.environment()
        let manager = environment.makeSecondHandListManager(landingPoint: environment.makeLandingPoint("list"))
        _ = try await manager.firstPage()
        environment.scenario?.update { $0.failureRates = FailureRates([.noNetwork: 1]) }
        await #expect(throws: APIError.noNetwork) { try await manager.nextPage() }
        #expect(manager.currentPage == 1)
        #expect(manager.state == .failed(.noNetwork))
        environment.scenario?.update { $0.failureRates = .none }
        let data = try await manager.nextPage()
        #expect(manager.currentPage == 2)
        #expect(data["items"]?.arrayValue?.count == 40)
        #expect(manager.state == .loaded)
    }

    @Test func parametersAreValidatedBeforeSending() async {
        let transport = GatedTransport()
        let environment = NetworkEnvironment(transport: transport, clock: ImmediateClock(), interceptors: [])
        let manager = environment.makePersonManager(landingPoint: environment.makeLandingPoint("greeting"))
        let delegate = RecordingDelegate()
        manager.delegate = delegate
        await #expect(throws: APIError.parameters("a person id is required")) { try await manager.load() }
        manager.parameters = ["id": "Not An Id!"]
        manager.loadData()
        // The async load told the delegate too: every load reaches it.
        #expect(delegate.failures == [.parameters("a person id is required"), .parameters("a person id has up to 64 lowercase letters, digits and dashes")])
        #expect(await transport.received == 0)
    }

    @Test func personThroughAParameterSourceAndReformer() async throws {
        final class Source: APIManagerParameterSource {
            func parameters(for manager: any DataManaging) -> [String: String] { ["id": "liu-qian"] }
        }
        let environment = Support.environment()
        let manager = environment.makePersonManager(landingPoint: environment.makeLandingPoint("greeting"))
        let source = Source()
        manager.parameterSource = source
        let person = try await manager.load(with: PersonReformer())
        #expect(person?.fullName == "谦 刘")
        manager.parameters = ["id": "nobody"]
        manager.parameterSource = nil
        await #expect(throws: APIError.noContent) { try await manager.load() }
    }

    @Test func responsesAreValidatedAndOnlyValidOnesCached() async {
        let hostile = Fixtures(unchecked: [.rent: [.object(["name": .string("no id")])]])
        let environment = Support.environment(fixtures: hostile)
        let manager = environment.makeRentListManager(landingPoint: environment.makeLandingPoint("list"))
        await #expect(throws: APIError.malformedResponse("item 1 has no 'id' string")) { try await manager.firstPage() }
        #expect(environment.cache.count == 0)
        let empty = Support.environment(fixtures: Fixtures(unchecked: [:]))
        let other = empty.makeNewHomesListManager(landingPoint: empty.makeLandingPoint("list"))
        await #expect(throws: APIError.noContent) { try await other.firstPage() }
    }

    @Test(arguments: FailureKind.allCases)
    func injectedFailuresBecomeErrors(_ kind: FailureKind) async {
        let environment = Support.environment(Scenario(latency: .zero ... .zero, failureRates: FailureRates([kind: 1])))
        let manager = environment.makeRentListManager(landingPoint: environment.makeLandingPoint("list"))
        do {
            _ = try await manager.firstPage()
            Issue.record("expected \(kind) to fail")
        } catch {
            #expect(error.shortName == kind.error.shortName)
        }
        #expect(environment.cache.count == 0)
    }

    @Test func cacheHitSkipsTheNetworkAndIsTraced() async throws {
        let environment = Support.environment()
        let manager = environment.makeRentListManager(landingPoint: environment.makeLandingPoint("list"))
        _ = try await manager.firstPage()
        let (data, events) = try await Support.traced { try await manager.firstPage() }
        #expect(data["items"]?.arrayValue?.count == 20)
        #expect(events.contains { $0.role == .cache && $0.detail.hasPrefix("cache hit (memory) rent.list") })
        #expect(!events.contains { $0.detail.hasPrefix("GET") })
        environment.cache.removeAll()
        let (_, again) = try await Support.traced { try await manager.firstPage() }
        #expect(again.contains { $0.detail == "GET rent.list page=1 → 20 items, 0 ms" })
    }

    @Test func ignoreIfLoadingJoinsTheRequestInFlight() async throws {
        let transport = GatedTransport()
        let environment = NetworkEnvironment(transport: transport, clock: ImmediateClock(), interceptors: [])
        let manager = environment.makePersonManager(landingPoint: environment.makeLandingPoint("greeting"))
        manager.parameters = ["id": "dynamo"]
        let first = Task { try await manager.load() }
        await environment.untilJournal { $0.records.count == 1 }
        let (second, events) = await Support.traced { Task { try await manager.load() } }
        await environment.untilJournal { $0.records.count == 2 }
        #expect(events.contains { $0.detail == "ignored: already loading" })
        #expect(await transport.received == 1)
        await transport.releaseAll(holding: 1)
        #expect(try await first.value == second.value)
    }

    /// A reply wakes its callers through the global executor on their way back to the main actor;
    /// until each runs again the network is not settled, or a loaded machine's settle could return
    /// before a role had its reply (a conform run once caught one pattern's screen half-way).
    @Test func theCallersAReplyWakesKeepTheNetworkUnsettledUntilTheyRunAgain() async throws {
        let transport = GatedTransport()
        let environment = NetworkEnvironment(transport: transport, clock: ImmediateClock(), interceptors: [])
        let manager = environment.makePersonManager(landingPoint: environment.makeLandingPoint("greeting"))
        manager.parameters = ["id": "dynamo"]
        final class WakingOnDelivery: APIManagerDelegate {
            let monitor: RequestMonitor
            var waking: [Int] = []
            init(_ monitor: RequestMonitor) { self.monitor = monitor }
            func managerDidSucceed(_ manager: any DataManaging) { waking.append(monitor.waking) }
            func managerDidFail(_ manager: any DataManaging, error: APIError) { waking.append(monitor.waking) }
        }
        let delegate = WakingOnDelivery(environment.monitor)
        manager.delegate = delegate
        let first = Task { try await manager.load() }
        let second = Task { try await manager.load() }  // joins the first's flight
        await environment.untilJournal { $0.records.count == 2 }
        await transport.releaseAll(holding: 1)
        _ = try await (first.value, second.value)
        // Both callers were waking while the reply was delivered, and each counted itself back.
        #expect(delegate.waking == [2])
        #expect(environment.monitor.waking == 0)
        #expect(environment.monitor.isQuiet)

        // A cancelled flight wakes its callers too (another person: the first is cached now).
        manager.parameters = ["id": "liu-qian"]
        let third = Task { try await manager.load() }
        await environment.untilJournal { $0.records.count == 3 }
        third.cancel()
        await #expect(throws: APIError.cancelled) { try await third.value }
        await environment.settle()
        #expect(environment.monitor.waking == 0)
        await transport.releaseAll(holding: 1)
        await transport.untilAnswered(2)
        await environment.settle()
    }

    @Test func cancelPreviousDropsTheLateReply() async throws {
        let transport = GatedTransport()
        let environment = NetworkEnvironment(transport: transport, clock: ImmediateClock(), interceptors: [])
        let manager = environment.makeRentListManager(landingPoint: environment.makeLandingPoint("list"))
        let delegate = RecordingDelegate()
        manager.delegate = delegate
        let (_, events) = await Support.traced {
            manager.parameters = ["district": "浦东新区"]
            let first = Task { try await manager.firstPage() }
            await environment.untilJournal { $0.records.count == 1 }
            manager.parameters = [:]
            let second = Task { try await manager.firstPage() }
            await environment.untilJournal { $0.records.count == 2 }
            let firstResult = await first.result
            #expect(throws: APIError.cancelled) { try firstResult.get() }
            await transport.releaseAll(holding: 2)
            _ = try? await second.value
            await transport.untilAnswered(2)  // the cancelled first request's late reply is on its way back
            await environment.settle()
        }
        #expect(delegate.successes == 1)
        #expect(events.contains { $0.detail == "cancelled previous: GET rent.list page=1" })
        #expect(events.contains { $0.detail == "dropped late reply to cancelled rent.list" })
        #expect(manager.fetchData(with: PropertyListReformer())?.count == 20)
    }

    @Test func interceptorsRunInTheDocumentedOrder() async {
        let interceptor = RecordingInterceptor()
        let environment = Support.environment(interceptors: [interceptor])
        let manager = environment.makeNewHomesListManager(landingPoint: environment.makeLandingPoint("list"))
        _ = try? await manager.firstPage()
        #expect(interceptor.calls == ["shouldCall", "afterCall", "didReceiveResponse", "beforeSuccess", "afterSuccess"])
        interceptor.calls = []
        environment.scenario?.update { $0.failureRates = FailureRates([.malformed: 1]) }
        _ = try? await manager.nextPage()
        #expect(interceptor.calls == ["shouldCall", "afterCall", "didReceiveResponse", "beforeFailure", "afterFailure"])
        interceptor.calls = []
        interceptor.veto = true
        await #expect(throws: APIError.cancelled) { try await manager.nextPage() }
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

    @Test func stateStreamReportsEveryTransition() async {
        let environment = Support.environment()
        let landing = environment.makeLandingPoint("list")
        let manager = environment.makeRentListManager(landingPoint: landing)
        let stream = manager.states()
        manager.loadFirstPage()
        await environment.settle()
        environment.scenario?.update { $0.offline = true }
        manager.loadNextPage()
        await environment.settle()
        landing.cancelAll()  // finishes the stream
        var states: [LoadState] = []
        for await state in stream { states.append(state) }
        #expect(states == [.idle, .loading, .loaded, .loading, .failed(.noNetwork)])
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
        let pending = Task { try await person.load() }
        await environment.untilJournal { $0.records.count == 2 }
        #expect(landing.loadingCount == 2)
        landing.cancelAll()
        #expect(landing.loadingCount == 0)
        await #expect(throws: APIError.cancelled) { try await pending.value }
        await transport.releaseAll(holding: 0)  // the cancelled requests may not have arrived
        await environment.settle()
        rent.loadFirstPage()  // after teardown: refused, no callback
        await #expect(throws: APIError.cancelled) { try await rent.firstPage() }
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

    @Test func callerCancellationCancelsTheRequest() async {
        let transport = GatedTransport()
        let environment = NetworkEnvironment(transport: transport, clock: ImmediateClock(), interceptors: [])
        let manager = environment.makeRentListManager(landingPoint: environment.makeLandingPoint("list"))
        let task = Task { try await manager.firstPage() }
        await environment.untilJournal { $0.records.count == 1 }
        task.cancel()
        await #expect(throws: APIError.cancelled) { try await task.value }
        await environment.settle()
        #expect(!manager.isLoading)
        await transport.releaseAll(holding: 1)
    }

    @Test func requestsWaitForTheTestClock() async throws {
        let clock = TestClock()
        let environment = Support.environment(Scenario(latency: .milliseconds(200) ... .milliseconds(200)), clock: clock)
        let manager = environment.makePersonManager(landingPoint: environment.makeLandingPoint("greeting"))
        manager.parameters = ["id": "david-blaine"]
        let task = Task { try await manager.load(with: PersonReformer()) }
        await environment.untilAsleep()
        #expect(manager.isLoading)
        await clock.advance(by: .milliseconds(200))
        #expect(try await task.value == .davidBlaine)
    }
}
