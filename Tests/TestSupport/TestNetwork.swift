import Clocks
import FakeServer
import Networking
import Testing

/// The one fake network every test suite builds on: the bundled fixtures, an instant scenario and
/// an immediate clock unless told otherwise, or every request taking exactly `latency` on a
/// `TestClock` that only the test moves. It replaces the copies each suite used to keep (pattern
/// unit tests, VIPER, the MVC harness, the networking tests, the shell and acceptance apps).
@MainActor
package struct TestNetwork {
    /// The fixtures the app ships with; failing to read them is a broken build, not a test failure.
    package nonisolated static let bundledFixtures: Fixtures = {
        do { return try Fixtures.bundled() } catch { fatalError("the bundled fixtures must load: \(error)") }
    }()

    package let environment: NetworkEnvironment
    /// The clock the test moves, when a latency was asked for.
    package let clock: TestClock<Duration>?

    /// - Parameters:
    ///   - latency: nil for an immediate network; otherwise every request takes exactly this long
    ///     on a `TestClock` (see `advance(by:)`), made here unless `clock` is given.
    ///   - scenario: the server's behaviour; `latency` and `offline` are applied on top of it.
    ///   - clock: a clock of the test's own (then `self.clock` is nil and the test moves it).
    ///   - interceptors: nil keeps the environment's default (the tracing interceptor).
    ///   - diskCache: a disk tier for the caches (in a temporary folder the test made); nil keeps
    ///     them in memory.
    package init(
        latency: Duration? = nil, offline: Bool = false, scenario: Scenario = .instant,
        fixtures: Fixtures = TestNetwork.bundledFixtures, clock: (any Clock<Duration>)? = nil,
        interceptors: [any APIInterceptor]? = nil, diskCache: DiskCacheSettings? = nil
    ) {
        let testClock = clock == nil ? latency.map { _ in TestClock<Duration>() } : nil
        var scenario = scenario
        if let latency { scenario.latency = latency...latency }
        if offline { scenario.offline = true }
        let chosen: any Clock<Duration> = clock ?? testClock.map { $0 as any Clock<Duration> } ?? InstantClock()
        environment = if let interceptors {
            NetworkEnvironment.fake(
                fixtures: fixtures, scenario: scenario, clock: chosen, interceptors: interceptors, diskCache: diskCache)
        } else {
            NetworkEnvironment.fake(fixtures: fixtures, scenario: scenario, clock: chosen, diskCache: diskCache)
        }
        self.clock = testClock
    }

    /// Returns once every request has landed or sleeps on the test clock, and the main actor has
    /// run what the landings set off. Waits for events, never for time (but fails the test after
    /// `WaitLimit.standard`).
    package func settle(sourceLocation: SourceLocation = #_sourceLocation) async {
        await environment.settle(sourceLocation: sourceLocation)
    }

    /// Moves the test clock by `duration`, then settles. It settles first too: a request must be
    /// asleep on the clock before time moves, or it would sleep from the new time and never land.
    package func advance(by duration: Duration, sourceLocation: SourceLocation = #_sourceLocation) async {
        await environment.settle(sourceLocation: sourceLocation)
        await clock?.advance(by: duration)
        await environment.settle(sourceLocation: sourceLocation)
    }
}

/// The environment's waits for tests, each failing the test after `WaitLimit.standard` and naming
/// what it waited for, so a lost event fails in seconds.
extension NetworkEnvironment {
    /// Every request landed or asleep on the clock, and what the landings set off has run.
    package func settle(sourceLocation: SourceLocation = #_sourceLocation) async {
        let monitor = self.monitor
        await bounded("the network to settle (\(monitor.inFlight) in flight, \(monitor.asleep) asleep)",
                      sourceLocation: sourceLocation) {
            await monitor.untilSettled()
        }
    }

    /// Returns once `count` tasks sleep on this environment's clock: only then may a test clock move.
    package func untilAsleep(count: Int = 1, sourceLocation: SourceLocation = #_sourceLocation) async {
        let monitor = self.monitor
        await bounded("\(count) asleep on the clock (\(monitor.asleep) asleep)", sourceLocation: sourceLocation) {
            await monitor.untilAsleep(count: count)
        }
    }

    /// Returns once `condition` holds, checked after every change to the journal (a call made,
    /// ignored, sent, landed or cancelled). For a transport that holds its requests, the journal is
    /// what moves: the monitor would wait for ever for a request that only the test releases.
    package func untilJournal(
        sourceLocation: SourceLocation = #_sourceLocation, _ condition: @escaping @MainActor (RequestJournal) -> Bool
    ) async {
        let journal = self.journal
        let what = { "a journal change the test asked for (records so far: \(journal.records.count))" }
        await bounded(what(), sourceLocation: sourceLocation) {
            while !condition(journal) {
                let wake = JournalWake()
                let observation = journal.observe { wake.resume() }
                await withCheckedContinuation { wake.continuation = $0 }
                _ = observation  // held until the change arrives
            }
        }
    }
}

/// One wait for the next journal change: resumed once, however many changes follow.
@MainActor
private final class JournalWake {
    var continuation: CheckedContinuation<Void, Never>?

    func resume() {
        continuation?.resume()
        continuation = nil
    }
}

extension NetworkEnvironment {
    /// Takes the fake server off the network or back on (no notification: the scenario only), for
    /// test targets that do not import FakeServer.
    package func setServerOffline(_ offline: Bool) {
        scenario?.offline = offline
    }
}
