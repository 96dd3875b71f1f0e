import Clocks
import FakeServer
import Foundation
import Networking
import TestSupport
import Testing
import Tracing

/// Shared helpers: environments over the bundled fixtures (through `TestNetwork`), a recording
/// delegate and interceptor, a transport whose replies the test releases by hand, and a traced action.
enum Support {
    static var fixtures: Fixtures { TestNetwork.bundledFixtures }

    @MainActor
    static func environment(
        _ scenario: Scenario = .instant, clock: any Clock<Duration> = InstantClock(), fixtures: Fixtures = fixtures,
        interceptors: [any APIInterceptor] = []
    ) -> NetworkEnvironment {
        TestNetwork(scenario: scenario, fixtures: fixtures, clock: clock, interceptors: interceptors).environment
    }

    /// Runs `body` inside a traced action and returns its result with the events recorded.
    static func traced<R>(
        isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> R
    ) async rethrows -> (R, [TraceEvent]) {
        let buffer = TraceBuffer()
        let tracer = Tracer(sinks: [buffer])
        let result = try await Trace.$context.withValue(tracer.beginAction("test", pattern: "Test")) { try await body() }
        return (result, buffer.events)
    }
}

/// Records every delegate callback, and lets a test await the next one (within `WaitLimit`).
@MainActor
final class RecordingDelegate: APIManagerDelegate {
    /// What the delegate heard of one load.
    enum Heard: Equatable {
        case success
        case failure(APIError)
    }

    var successes = 0
    var failures: [APIError] = []
    var log: [String] = []
    /// The callbacks so far, to wait for.
    let arrivals = Arrivals()
    /// The last callback.
    private(set) var last: Heard?

    func managerDidSucceed(_ manager: any DataManaging) {
        successes += 1
        log.append("success \(Self.name(of: manager))")
        last = .success
        arrivals.arrived()
    }

    func managerDidFail(_ manager: any DataManaging, error: APIError) {
        failures.append(error)
        log.append("failure \(Self.name(of: manager)) \(error.shortName)")
        last = .failure(error)
        arrivals.arrived()
    }

    /// Returns the next callback, awaited (within `WaitLimit`): the answer to a call joined to the
    /// request in flight, say. Call it with nothing awaited since that call, or the callback may
    /// have come already (then use `until(_:)`).
    @discardableResult
    func next(sourceLocation: SourceLocation = #_sourceLocation) async -> Heard? {
        await until(arrivals.count + 1, sourceLocation: sourceLocation)
    }

    /// Returns the last callback once `count` have come in all (within `WaitLimit`).
    @discardableResult
    func until(_ count: Int, sourceLocation: SourceLocation = #_sourceLocation) async -> Heard? {
        await arrivals.until(count, sourceLocation: sourceLocation)
        return arrivals.count >= count ? last : nil
    }

    /// Makes one call (`loadData()`, `loadFirstPage()` …) and returns what this delegate heard of
    /// it: for a request sent, the callback on a later turn, awaited; for a call answered at once
    /// (the cache, a rejection), the callback it made inside the call; nil for a call turned away
    /// (ignored, joined, vetoed), which is told nothing.
    @discardableResult
    func load(sourceLocation: SourceLocation = #_sourceLocation, _ call: () -> Bool) async -> Heard? {
        let before = arrivals.count
        if call() {
            #expect(arrivals.count == before, "a request sent is answered on a later turn", sourceLocation: sourceLocation)
            await arrivals.until(before + 1, sourceLocation: sourceLocation)
        }
        return arrivals.count > before ? last : nil
    }

    /// The API method, or `merged` for several managers as one.
    private static func name(of manager: any DataManaging) -> String {
        (manager as? any APIManaging)?.method ?? "merged"
    }
}

/// Records the interception points in order.
@MainActor
final class RecordingInterceptor: APIInterceptor {
    var calls: [String] = []
    var veto = false

    func shouldCall(_ manager: any APIManaging, parameters: CanonicalParameters) -> Bool {
        calls.append("shouldCall")
        return !veto
    }
    func afterCall(_ manager: any APIManaging, parameters: CanonicalParameters) { calls.append("afterCall") }
    func didReceiveResponse(_ manager: any APIManaging, byteCount: Int) { calls.append("didReceiveResponse") }
    func beforeSuccess(_ manager: any APIManaging) { calls.append("beforeSuccess") }
    func afterSuccess(_ manager: any APIManaging) { calls.append("afterSuccess") }
    func beforeFailure(_ manager: any APIManaging, error: APIError) { calls.append("beforeFailure") }
    func afterFailure(_ manager: any APIManaging, error: APIError) { calls.append("afterFailure") }
}

/// A transport that holds every request until the test releases it, and ignores cancellation,
/// so a reply can arrive after its request was cancelled. A request reaches it one hop after the
/// manager sent it, so the test waits for that event (`releaseAll(holding:)`) before releasing.
actor GatedTransport: Transport {
    private let server: FakeServer
    private var gates: [CheckedContinuation<Void, Never>] = []
    private var holdWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    private var answerWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    private(set) var received = 0
    /// Requests answered so far (their replies are on their way back to the manager).
    private(set) var answered = 0

    init(fixtures: Fixtures = Support.fixtures) {
        server = FakeServer(fixtures: fixtures, scenario: ScenarioControls(.instant), clock: NetworkClock(ImmediateClock()))
    }

    func send(_ request: SignedRequest) async throws(APIError) -> [UInt8] {
        received += 1
        await withCheckedContinuation { gate in
            gates.append(gate)
            holdWaiters = Self.resume(holdWaiters, reached: gates.count)
        }
        defer {
            answered += 1
            answerWaiters = Self.resume(answerWaiters, reached: answered)
        }
        return try await server.send(request)
    }

    /// Waits until `count` requests are held, then releases every held request. Releasing before a
    /// request arrived would leave it held for ever. Fails the test after `WaitLimit.standard`.
    @MainActor
    func releaseAll(holding count: Int, sourceLocation: SourceLocation = #_sourceLocation) async {
        await bounded("\(count) requests held", sourceLocation: sourceLocation) { await self.releaseAllOnceHeld(count) }
    }

    /// Returns once `count` requests have been answered. Fails the test after `WaitLimit.standard`.
    @MainActor
    func untilAnswered(_ count: Int, sourceLocation: SourceLocation = #_sourceLocation) async {
        await bounded("\(count) requests answered", sourceLocation: sourceLocation) { await self.answeredOnce(count) }
    }

    private func releaseAllOnceHeld(_ count: Int) async {
        if gates.count < count {
            await withCheckedContinuation { holdWaiters.append((count, $0)) }
        }
        for gate in gates { gate.resume() }
        gates.removeAll()
    }

    private func answeredOnce(_ count: Int) async {
        guard answered < count else { return }
        await withCheckedContinuation { answerWaiters.append((count, $0)) }
    }

    var waiting: Int { gates.count }

    /// Resumes the waiters whose count is reached; returns the others.
    private static func resume(
        _ waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)], reached: Int
    ) -> [(count: Int, continuation: CheckedContinuation<Void, Never>)] {
        for waiter in waiters where waiter.count <= reached { waiter.continuation.resume() }
        return waiters.filter { $0.count > reached }
    }
}
