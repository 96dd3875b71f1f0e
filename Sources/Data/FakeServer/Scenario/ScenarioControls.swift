import Synchronization

/// The live scenario, shared by the app (which changes it: offline toggle, new seed) and the fake
/// server (which reads it on every request). Thread-safe because the server runs off the main actor.
package final class ScenarioControls: Sendable {
    private let state: Mutex<Scenario>

    package init(_ scenario: Scenario = Scenario()) {
        state = Mutex(scenario)
    }

    /// The scenario as it is now.
    package var current: Scenario {
        get { state.withLock { $0 } }
        set { state.withLock { $0 = newValue } }
    }

    /// Changes the scenario in place, e.g. `controls.update { $0.offline = true }`.
    package func update(_ change: (inout Scenario) -> Void) {
        state.withLock { change(&$0) }
    }

    /// The one-shot failure armed for the next request, if any (nil disarms it).
    package var nextFailure: FailureKind? {
        get { current.nextFailure }
        set { update { $0.nextFailure = newValue } }
    }

    /// The scenario one request is served with, taking the armed one-shot failure with it in the
    /// same lock, so exactly one request gets it however many arrive at once. While offline the
    /// one-shot stays armed: that request fails as offline anyway, and the failure is kept for the
    /// first request that reaches the server.
    package func takeScenarioForRequest() -> Scenario {
        state.withLock { scenario in
            let served = scenario
            if !scenario.offline { scenario.nextFailure = nil }
            return served
        }
    }

    /// Turns the network off or on.
    package var offline: Bool {
        get { current.offline }
        set { update { $0.offline = newValue } }
    }
}
