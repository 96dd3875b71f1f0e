import Networking

extension NetworkEnvironment {
    /// The app's network: the fake server over `fixtures`, driven by `scenario`, timed by `clock`.
    /// The composition root calls this once and hands the environment to every pattern module;
    /// `environment.scenario` stays live (offline toggle, seed, failure rates).
    public static func fake(
        fixtures: Fixtures, scenario: Scenario = Scenario(), clock: any Clock<Duration> = ContinuousClock(),
        interceptors: [any APIInterceptor] = [TracingInterceptor()]
    ) -> NetworkEnvironment {
        let networkClock = NetworkClock(clock)
        let controls = ScenarioControls(scenario)
        let server = FakeServer(fixtures: fixtures, scenario: controls, clock: networkClock)
        return NetworkEnvironment(transport: server, clock: networkClock, scenario: controls, interceptors: interceptors)
    }
}
