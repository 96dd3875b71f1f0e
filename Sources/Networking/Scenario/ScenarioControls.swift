import Synchronization

/// The live scenario, shared by the app (which changes it: offline toggle, new seed) and the fake
/// server (which reads it on every request). Thread-safe because the server runs off the main actor.
public final class ScenarioControls: Sendable {
    private let state: Mutex<Scenario>

    public init(_ scenario: Scenario = Scenario()) {
        state = Mutex(scenario)
    }

    /// The scenario as it is now.
    public var current: Scenario {
        get { state.withLock { $0 } }
        set { state.withLock { $0 = newValue } }
    }

    /// Changes the scenario in place, e.g. `controls.update { $0.offline = true }`.
    public func update(_ change: (inout Scenario) -> Void) {
        state.withLock { change(&$0) }
    }

    /// Turns the network off or on.
    public var offline: Bool {
        get { current.offline }
        set { update { $0.offline = newValue } }
    }
}
