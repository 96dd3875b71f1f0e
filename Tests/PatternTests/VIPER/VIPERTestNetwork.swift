import Clocks
import FakeServer
import Networking

/// The fake network over the bundled fixtures, for the VIPER tests: instant by default, or every
/// request taking `latency` on a `TestClock` only the test moves.
@MainActor
enum VIPERTestNetwork {
    static let fixtures: Fixtures = {
        do { return try Fixtures.bundled() } catch { fatalError("the bundled fixtures must load: \(error)") }
    }()

    static func instant(offline: Bool = false) -> NetworkEnvironment {
        var scenario = Scenario.instant
        scenario.offline = offline
        return .fake(fixtures: fixtures, scenario: scenario, clock: ImmediateClock())
    }

    static func slow(_ latency: Duration, clock: TestClock<Duration>) -> NetworkEnvironment {
        var scenario = Scenario.instant
        scenario.latency = latency...latency
        return .fake(fixtures: fixtures, scenario: scenario, clock: clock)
    }

    /// Lets the main actor run what is queued without letting time pass: an `async` load sends
    /// its request a turn after it is asked for, so a test clock must only move after this.
    static func drain() async {
        for _ in 0..<20 { await Task.yield() }
    }

    /// Lets every request land and the main actor run what the replies set off.
    static func settle(_ network: NetworkEnvironment) async {
        await network.monitor.untilSettled()
        for _ in 0..<20 { await Task.yield() }
    }
}
