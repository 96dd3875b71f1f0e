import Clocks
import FakeServer
import Networking
import Tracing

/// The fake network a presenter or view-model test runs on: bundled fixtures, an immediate clock (or
/// a test clock with a fixed latency), one landing point for the module under test, and a trace buffer.
@MainActor
struct PatternTestNetwork {
    let pattern: String
    let environment: NetworkEnvironment
    let landingPoint: LandingPoint
    let clock: TestClock<Duration>?
    let traces = TraceBuffer()

    init(for pattern: String, latency: Duration? = nil, offline: Bool = false, fixtures: Fixtures? = nil) throws {
        self.pattern = pattern
        let clock = latency.map { _ in TestClock<Duration>() }
        var scenario = Scenario.instant
        if let latency { scenario.latency = latency...latency }
        scenario.offline = offline
        environment = NetworkEnvironment.fake(
            fixtures: try fixtures ?? Fixtures.bundled(), scenario: scenario,
            clock: clock.map { $0 as any Clock<Duration> } ?? ImmediateClock())
        landingPoint = environment.makeLandingPoint("\(pattern) test")
        self.clock = clock
    }

    /// Runs `body` as one traced action, as the shell does for a key press.
    func traced<R>(_ label: String, _ body: () -> R) -> R {
        Tracer(sinks: [traces]).perform(label, pattern: pattern, body)
    }

    /// The details of every event traced so far.
    var traceDetails: [String] { traces.events.map(\.detail) }

    /// Lets every request started so far (and any they set off) land: waits for events, not time.
    func settle() async {
        var quietTurns = 0
        while quietTurns < 8 {
            if environment.monitor.inFlight > 0 {
                await environment.monitor.untilSettled()
                quietTurns = 0
            } else {
                await Task.yield()
                quietTurns += 1
            }
        }
    }

    /// Moves the test clock past a latency, then lets what became due land. Drain first: a request
    /// must be waiting at the server before the clock moves, or its reply is never due.
    func advance(by duration: Duration) async {
        await clock?.advance(by: duration)
        await settle()
    }

    /// Lets queued work run without letting time pass: a slow request stays in flight.
    func drain() async {
        for _ in 0..<8 { await Task.yield() }
    }
}
