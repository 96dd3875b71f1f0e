import Clocks
import FakeServer
import Networking
import TestSupport
import Testing

/// The request journal the network inspector reads: one record per call to a manager, written
/// where the manager decides, bounded, observable.
@MainActor @Suite("Request journal", .timeLimit(.minutes(1)))
struct JournalTests {
    @Test("a sent request: in flight with its attempt, then landed with latency, size and every hook")
    func sentAndLanded() async throws {
        let clock = TestClock()
        let interceptor = RecordingInterceptor()
        let environment = Support.environment(Scenario(latency: .milliseconds(200) ... .milliseconds(200)), clock: clock,
                                              interceptors: [interceptor])
        let manager = environment.makePersonManager(landingPoint: environment.makeLandingPoint("greeting"))
        let delegate = RecordingDelegate()
        manager.delegate = delegate
        manager.parameters = ["id": "david-blaine"]
        manager.loadData()
        await environment.untilAsleep()  // only a sleeping request lets the test clock move
        let journal = environment.journal
        var record = try #require(journal.records.last)
        #expect(journal.records.count == 1 && journal.inFlightCount == 1)
        #expect(record.id == 1 && record.method == "person.get" && record.service == "person")
        #expect(record.parameters?.canonicalString == "id=david-blaine")
        #expect(record.outcome == .inFlight && record.attempt == 0 && record.sentAt != nil && record.latency == nil)
        #expect(record.interceptionPoints == [.shouldCall, .afterCall])

        await clock.advance(by: .milliseconds(200))
        #expect(await delegate.until(1) == .success)
        record = try #require(journal.record(1))
        #expect(record.outcome == .succeeded(items: nil))
        #expect(record.latency == .milliseconds(200))
        #expect((record.byteCount ?? 0) > 0)
        #expect(record.interceptionPoints == [.shouldCall, .afterCall, .didReceiveResponse, .beforeSuccess, .afterSuccess])
        #expect(record.interceptionPoints.map(\.rawValue) == interceptor.calls, "the journal saw what the interceptor saw")
        #expect(journal.inFlightCount == 0)
    }

    @Test("a failed request: the error, and the failure hooks")
    func failed() async {
        let environment = Support.environment(interceptors: [RecordingInterceptor()])
        environment.scenario?.update { $0.failureRates = FailureRates([.timeout: 1]) }
        let manager = environment.makeRentListManager(landingPoint: environment.makeLandingPoint("list"))
        let delegate = RecordingDelegate()
        manager.delegate = delegate
        #expect(await delegate.load { manager.loadFirstPage() } == .failure(.timeout))
        let record = environment.journal.records.last
        #expect(record?.outcome == .failed(.timeout))
        #expect(record?.page == 1 && record?.parameters?["page_size"] == "20")
        #expect(record?.interceptionPoints == [.shouldCall, .afterCall, .beforeFailure, .afterFailure],
                "a transport error never reaches didReceiveResponse")
    }

    @Test("a cache hit: nothing sent, no attempt, answered at once, the success hooks")
    func cacheHit() async {
        let environment = Support.environment(interceptors: [RecordingInterceptor()])
        let manager = environment.makeRentListManager(landingPoint: environment.makeLandingPoint("list"))
        let delegate = RecordingDelegate()
        manager.delegate = delegate
        #expect(await delegate.load { manager.loadFirstPage() } == .success)
        #expect(await delegate.load { manager.loadFirstPage() } == .success)
        let records = environment.journal.records
        #expect(records.map(\.outcome) == [.succeeded(items: 20), .cacheHit])
        #expect(records[1].sentAt == nil && records[1].attempt == nil && records[1].latency == .zero)
        #expect(records[1].interceptionPoints == [.shouldCall, .afterCall, .beforeSuccess, .afterSuccess])
    }

    @Test("ignore-if-loading: the second call is ignored and names the request it joined")
    func ignored() async throws {
        let transport = GatedTransport()
        let environment = NetworkEnvironment(transport: transport, clock: ImmediateClock(), interceptors: [])
        let manager = environment.makePersonManager(landingPoint: environment.makeLandingPoint("greeting"))
        let delegate = RecordingDelegate()
        manager.delegate = delegate
        manager.parameters = ["id": "dynamo"]
        manager.loadData()
        manager.loadData()
        let ignored = try #require(environment.journal.record(2))
        #expect(ignored.outcome == .ignored(reason: "already loading", joined: 1))
        #expect(ignored.parameters == nil && ignored.sentAt == nil && ignored.interceptorCalls.isEmpty)
        await transport.releaseAll(holding: 1)
        #expect(await delegate.until(1) == .success)
        #expect(environment.journal.record(1)?.outcome == .succeeded(items: nil))
        #expect(environment.journal.records.count == 2, "the joined caller adds no record")
    }

    @Test("cancel-previous: the older request is cancelled with its reason; its late reply changes nothing")
    func cancelled() async throws {
        let transport = GatedTransport()
        let environment = NetworkEnvironment(transport: transport, clock: ImmediateClock(), interceptors: [])
        let manager = environment.makeRentListManager(landingPoint: environment.makeLandingPoint("list"))
        let delegate = RecordingDelegate()
        manager.delegate = delegate
        manager.parameters = ["district": "浦东新区"]
        manager.loadFirstPage()
        manager.parameters = [:]
        manager.loadFirstPage()
        #expect(environment.journal.record(1)?.outcome == .cancelled("cancelled previous"))
        #expect(environment.journal.record(1)?.latency != nil, "a cancelled request ends when it is cancelled")
        #expect(environment.journal.inFlightCount == 1)
        await transport.releaseAll(holding: 2)
        #expect(await delegate.until(1) == .success)
        await transport.untilAnswered(2)  // the cancelled request's late reply is on its way back
        await environment.settle()
        #expect(environment.journal.records.map(\.outcome) == [.cancelled("cancelled previous"), .succeeded(items: 20)])
    }

    @Test("paging: a next page asked for while one loads is ignored; after the last page too")
    func pagingDecisions() async {
        let environment = Support.environment()
        let manager = environment.makeRentListManager(landingPoint: environment.makeLandingPoint("list"))
        let delegate = RecordingDelegate()
        manager.delegate = delegate
        #expect(await delegate.load { manager.loadFirstPage() } == .success)
        manager.loadNextPage()
        manager.loadNextPage()
        await environment.settle()
        let records = environment.journal.records
        #expect(records.count == 3)
        #expect(records[1].page == 2 && records[1].outcome == .succeeded(items: 20))
        #expect(records[2].page == 2 && records[2].outcome == .ignored(reason: "page already loading", joined: 2))
    }

    @Test("parameters rejected and an interceptor's veto: nothing sent, and why")
    func notSent() async {
        let interceptor = RecordingInterceptor()
        let environment = Support.environment(interceptors: [interceptor])
        let manager = environment.makePersonManager(landingPoint: environment.makeLandingPoint("greeting"))
        let delegate = RecordingDelegate()
        manager.delegate = delegate
        #expect(await delegate.load { manager.loadData() } == .failure(.parameters("a person id is required")))
        let rejected = environment.journal.records.last
        #expect(rejected?.outcome == .rejected(.parameters("a person id is required")))
        #expect(rejected?.interceptionPoints == [.shouldCall, .beforeFailure, .afterFailure])
        #expect(rejected?.sentAt == nil)
        interceptor.veto = true
        manager.parameters = ["id": "dynamo"]
        #expect(await delegate.load { manager.loadData() } == nil)
        let vetoed = environment.journal.records.last
        #expect(vetoed?.outcome == .vetoed(by: "RecordingInterceptor"))
        #expect(vetoed?.interceptorCalls == [InterceptorCall(point: .shouldCall, count: 1)])
    }

    @Test("teardown cancels what is in flight; a released manager closes its records")
    func teardown() async {
        let transport = GatedTransport()
        let environment = NetworkEnvironment(transport: transport, clock: ImmediateClock(), interceptors: [])
        let landing = environment.makeLandingPoint("list")
        var manager: RentListManager? = environment.makeRentListManager(landingPoint: landing)
        manager?.loadFirstPage()
        landing.cancelAll()
        #expect(environment.journal.record(1)?.outcome == .cancelled("teardown"))
        manager?.loadFirstPage()
        #expect(environment.journal.record(2)?.outcome == .ignored(reason: "list torn down", joined: nil))

        let other = environment.makeLandingPoint("other")
        manager = environment.makeRentListManager(landingPoint: other)
        manager?.loadFirstPage()
        manager = nil
        await environment.untilJournal { $0.inFlightCount == 0 }  // the released manager cancels in its deinit
        #expect(environment.journal.record(3)?.outcome == .cancelled("manager released"))
        #expect(environment.journal.inFlightCount == 0)
        await transport.releaseAll(holding: 0)  // the cancelled requests may not have arrived
    }

    @Test("bounded: the oldest records go; ids keep counting; a dropped record is simply gone")
    func bound() async {
        let environment = Support.environment()
        let journal = RequestJournal(capacity: 3)
        let manager = APIManager(
            api: RentListAPI(), transport: environment.transport, cache: environment.cache, clock: environment.clock,
            landingPoint: environment.makeLandingPoint("list"), journal: journal)
        let delegate = RecordingDelegate()
        manager.delegate = delegate
        for _ in 0..<5 { #expect(await delegate.load { manager.loadFirstPage() } == .success) }
        #expect(journal.records.map(\.id) == [3, 4, 5])
        #expect(journal.records.map(\.outcome) == [.cacheHit, .cacheHit, .cacheHit])
        #expect(journal.record(1) == nil && journal.record(2) == nil && journal.record(5)?.id == 5)
        #expect(environment.journal.records.isEmpty, "a manager writes only the journal it was given")
    }

    @Test("observers hear every change until their observation is released")
    func observers() async {
        let environment = Support.environment()
        let manager = environment.makeRentListManager(landingPoint: environment.makeLandingPoint("list"))
        let delegate = RecordingDelegate()
        manager.delegate = delegate
        var heard = 0
        var observation: RequestJournal.Observation? = environment.journal.observe { heard += 1 }
        let before = environment.journal.version
        await delegate.load { manager.loadFirstPage() }
        #expect(heard > 0 && heard == environment.journal.version - before)
        _ = observation  // kept alive until here
        observation = nil
        let count = heard
        await delegate.load { manager.loadFirstPage() }
        #expect(heard == count, "a released observation is not called")
    }
}

/// "Fail the next request": a one-shot in the live scenario that the fake server honours for
/// exactly one request.
@MainActor @Suite("One-shot failure", .timeLimit(.minutes(1)))
struct OneShotFailureTests {
    @Test("exactly the next request fails with the armed kind; the one after succeeds", arguments: FailureKind.allCases)
    func nextRequestFails(kind: FailureKind) async throws {
        let environment = Support.environment()
        let manager = environment.makeNewHomesListManager(landingPoint: environment.makeLandingPoint("list"))
        let delegate = RecordingDelegate()
        manager.delegate = delegate
        environment.scenario?.nextFailure = kind
        let heard = await delegate.load { manager.refresh() }
        if case .failure(let error) = heard { #expect(error.shortName == kind.error.shortName) } else {
            Issue.record("expected the armed \(kind) to fail the request, heard \(String(describing: heard))")
        }
        #expect(environment.scenario?.nextFailure == nil, "the server took it")
        #expect(await delegate.load { manager.refresh() } == .success)
        #expect(manager.fetchData()?["items"]?.arrayValue?.count == 20)
        let outcomes = environment.journal.records.map(\.outcome)
        #expect(outcomes.count == 2 && outcomes.last == .succeeded(items: 20))
        if case .failed(let error) = outcomes.first { #expect(error.shortName == kind.error.shortName) } else {
            Issue.record("the first record is \(String(describing: outcomes.first))")
        }
    }

    @Test("many requests at once: exactly one gets it")
    func concurrent() async {
        let controls = ScenarioControls(.instant)
        controls.nextFailure = .noNetwork
        let server = FakeServer(fixtures: Support.fixtures, scenario: controls, clock: NetworkClock(ImmediateClock()))
        let failures = await withTaskGroup(of: Bool.self) { group in
            for index in 0..<16 {
                group.addTask {
                    let request = RequestSigner.sign(service: .person, method: "person.get",
                                                     parameters: CanonicalParameters(["id": "dynamo"]), attempt: index)
                    do { _ = try await server.send(request); return false } catch { return true }
                }
            }
            var count = 0
            for await failed in group where failed { count += 1 }
            return count
        }
        #expect(failures == 1)
    }

    @Test("offline keeps it armed for the first request that reaches the server")
    func offlineKeepsIt() async throws {
        let controls = ScenarioControls(.instant)
        controls.nextFailure = .malformed
        controls.offline = true
        let server = FakeServer(fixtures: Support.fixtures, scenario: controls, clock: NetworkClock(ImmediateClock()))
        let request = RequestSigner.sign(service: .person, method: "person.get", parameters: CanonicalParameters(["id": "dynamo"]), attempt: 0)
        await #expect(throws: APIError.noNetwork) { try await server.send(request) }
        #expect(controls.nextFailure == .malformed)
        controls.offline = false
        let bytes = try? await server.send(request)
        #expect(bytes.map { String(decoding: $0, as: UTF8.self) } == "{\"items\":[{\"id\":\"tr")
        #expect(controls.nextFailure == nil)
        #expect(try await server.send(request).isEmpty == false)
    }

    @Test("it leaves the seeded luck of later requests as it was")
    func seededLuckUnchanged() async throws {
        func outcomes(arm: Bool) async -> [Bool] {
            let controls = ScenarioControls(Scenario(seed: 7, latency: .zero ... .zero, failureRates: FailureRates(total: 0.5)))
            let server = FakeServer(fixtures: Support.fixtures, scenario: controls, clock: NetworkClock(ImmediateClock()))
            if arm { controls.nextFailure = .timeout }
            var results: [Bool] = []
            for attempt in 0..<12 {
                let request = RequestSigner.sign(service: .person, method: "person.get",
                                                 parameters: CanonicalParameters(["id": "dynamo"]), attempt: attempt)
                results.append((try? await server.send(request)) != nil)
            }
            return results
        }
        let plain = await outcomes(arm: false), armed = await outcomes(arm: true)
        #expect(!armed[0])
        #expect(Array(armed.dropFirst()) == Array(plain.dropFirst()))
    }
}

/// The inspector's `+` and `-`.
@Suite("Latency steps")
struct LatencyStepTests {
    static func ms(_ lower: Double, _ upper: Double) -> ClosedRange<Duration> {
        .milliseconds(lower) ... .milliseconds(upper)
    }

    @Test("down from the default keeps the jitter's share, then reaches zero and stays there")
    func down() {
        var range = Self.ms(50, 400)
        var seen: [ClosedRange<Duration>] = []
        for _ in 0..<5 {
            range = Scenario.steppedLatency(range, up: false)
            seen.append(range)
        }
        #expect(seen == [Self.ms(25, 200), Self.ms(12.5, 100), Self.ms(0, 0), Self.ms(0, 0), Self.ms(0, 0)])
    }

    @Test("up from zero starts at the first rung with the default's shape and stops at the top")
    func up() {
        var range = Self.ms(0, 0)
        var uppers: [Duration] = []
        for _ in 0..<9 {
            range = Scenario.steppedLatency(range, up: true)
            uppers.append(range.upperBound)
        }
        #expect(uppers == [100, 200, 400, 800, 1600, 3200, 6400, 6400, 6400].map { .milliseconds($0) })
        #expect(range.lowerBound == .milliseconds(800))
    }

    @Test("a range from the command line moves to the nearest rungs; a fixed one stays fixed")
    func offLadder() {
        #expect(Scenario.steppedLatency(Self.ms(150, 300), up: true) == Self.ms(200, 400))
        #expect(Scenario.steppedLatency(Self.ms(150, 300), up: false) == Self.ms(100, 200))
        #expect(Scenario.steppedLatency(Self.ms(120, 120), up: true) == Self.ms(200, 200))
    }
}
