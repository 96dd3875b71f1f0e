import Model
import Networking

extension NetworkEnvironment {
    /// The app's network: the fake server over `fixtures`, driven by `scenario`, timed by `clock`.
    /// The composition root calls this once and hands the environment to every pattern module;
    /// `environment.scenario` stays live (offline toggle, seed, failure rates). With `diskCache`,
    /// the caches keep a disk tier in its folder; without, they keep to memory (tests, replays).
    package static func fake(
        fixtures: Fixtures, scenario: Scenario = Scenario(), clock: any Clock<Duration> = ContinuousClock(),
        interceptors: [any APIInterceptor] = [TracingInterceptor()], diskCache: DiskCacheSettings? = nil
    ) -> NetworkEnvironment {
        // One clock for both ends: the server sleeps its latency on the clock the managers time with.
        let networkClock = NetworkClock(clock)
        let server = FakeServer(fixtures: fixtures, scenario: ScenarioControls(scenario), clock: networkClock)
        // The data tier is the fixture set's own: another set's pages in a shared folder are no hit.
        var diskCache = diskCache
        diskCache?.dataScope = fixtures.identity
        return NetworkEnvironment(
            transport: server, clock: networkClock, interceptors: interceptors, networkType: scenario.networkType,
            diskCache: diskCache)
    }

    /// The fake device moves to another network: the fake server takes the type's latency and
    /// failure profile, then the network layer posts the change (as a real app's reachability
    /// would when the radio reports it). The inspector's `y` and `a` and the tests call this.
    package func switchNetworkType(to type: NetworkType) {
        scenario?.update { $0.switchNetwork(to: type) }
        networkTypeNotifier.post(type)
    }

    /// The live scenario of the fake server this environment sends through, or nil when its
    /// transport is another one. The network layer never reads it: only the fake server does, and
    /// whoever sits above both (the composition root, the network inspector, tests) changes it.
    package var scenario: ScenarioControls? {
        (transport as? FakeServer)?.scenario
    }
}
