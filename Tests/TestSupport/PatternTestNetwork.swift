import Clocks
import FakeServer
import Networking
import Testing
import Tracing

/// The fake network a presenter or view-model test runs on: `TestNetwork`, one landing point for
/// the module under test, and a trace buffer that records the test's actions as the shell would.
@MainActor
package struct PatternTestNetwork {
    package let pattern: String
    package let network: TestNetwork
    package let landingPoint: LandingPoint
    package let traces = TraceBuffer()

    package var environment: NetworkEnvironment { network.environment }
    package var clock: TestClock<Duration>? { network.clock }

    package init(for pattern: String, latency: Duration? = nil, offline: Bool = false, fixtures: Fixtures = TestNetwork.bundledFixtures) {
        self.pattern = pattern
        network = TestNetwork(latency: latency, offline: offline, fixtures: fixtures)
        landingPoint = network.environment.makeLandingPoint("\(pattern) test")
    }

    /// Runs `body` as one traced action, as the shell does for a key press.
    package func traced<R>(_ label: String, _ body: () -> R) -> R {
        Tracer(sinks: [traces]).perform(label, pattern: pattern, body)
    }

    /// The details of every event traced so far.
    package var traceDetails: [String] { traces.events.map(\.detail) }

    /// Every request landed, or asleep on the test clock (a slow request stays in flight), and what
    /// the landings set off has run.
    package func settle(sourceLocation: SourceLocation = #_sourceLocation) async {
        await network.settle(sourceLocation: sourceLocation)
    }

    /// Moves the test clock past a latency, then lets what became due land.
    package func advance(by duration: Duration, sourceLocation: SourceLocation = #_sourceLocation) async {
        await network.advance(by: duration, sourceLocation: sourceLocation)
    }
}
