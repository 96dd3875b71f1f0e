import Clocks
import FakeServer
import Foundation
import Networking
import Testing
import Tracing

/// Shared helpers: environments over the bundled fixtures, a recording delegate and interceptor,
/// a transport whose replies the test releases by hand, and a traced action.
enum Support {
    static let fixtures: Fixtures = {
        do { return try Fixtures.bundled() } catch { fatalError("bundled fixtures: \(error)") }
    }()

    @MainActor
    static func environment(
        _ scenario: Scenario = .instant, clock: any Clock<Duration> = ImmediateClock(), fixtures: Fixtures = fixtures,
        interceptors: [any APIInterceptor] = []
    ) -> NetworkEnvironment {
        .fake(fixtures: fixtures, scenario: scenario, clock: clock, interceptors: interceptors)
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

    /// Returns once `count` tasks sleep on `clock`, then lets them settle. Time may move only after
    /// that: an advance that came first would pass a request by, and it would wait for time that
    /// never comes.
    @MainActor
    static func untilAsleep(on clock: NetworkClock, count: Int = 1, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        var turns = 0
        while clock.sleepers.current < count, turns < 100_000 {
            await Task.yield()
            turns += 1
        }
        try #require(clock.sleepers.current == count, "nothing went to sleep on the clock", sourceLocation: sourceLocation)
        await settle()
    }

    /// Lets other main-actor work (task deliveries) run, without sleeping.
    @MainActor
    static func settle(_ turns: Int = 50) async {
        for _ in 0..<turns { await Task.yield() }
    }
}

/// Records every delegate callback.
@MainActor
final class RecordingDelegate: APIManagerDelegate {
    var successes = 0
    var failures: [APIError] = []
    var log: [String] = []

    func managerDidSucceed(_ manager: any APIManaging) {
        successes += 1
        log.append("success \(manager.method)")
    }

    func managerDidFail(_ manager: any APIManaging, error: APIError) {
        failures.append(error)
        log.append("failure \(manager.method) \(error.shortName)")
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
/// so a reply can arrive after its request was cancelled.
actor GatedTransport: Transport {
    private let server: FakeServer
    private var gates: [CheckedContinuation<Void, Never>] = []
    private(set) var received = 0

    init(fixtures: Fixtures = Support.fixtures) {
        server = FakeServer(fixtures: fixtures, scenario: ScenarioControls(.instant), clock: NetworkClock(ImmediateClock()))
    }

    func send(_ request: SignedRequest) async throws(APIError) -> [UInt8] {
        received += 1
        await withCheckedContinuation { gates.append($0) }
        return try await server.send(request)
    }

    /// Releases every held request.
    func releaseAll() {
        for gate in gates { gate.resume() }
        gates.removeAll()
    }

    var waiting: Int { gates.count }
}
