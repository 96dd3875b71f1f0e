import Mediator
import Networking
import PatternVocabulary
import Terminal
import Tracing

/// A rewind to a timeline action, carried out: the shared model as the module found it when it
/// was built, the module built anew and its keys up to the action pressed again, each waited for.
/// A replay, not a restore: what the objects hold comes from running the same code again, as
/// compare does on a fresh module. The fake network answers at once meanwhile (its latency is
/// put back after) and keeps its seed.
@MainActor
struct ModuleRewind {
    let target: TimelineAction
    let keys: [Key]
    let pattern: PatternID
    let screen: ScreenID

    /// The rewind to `target` of the module `state` shows: its keys up to the action.
    init(target: TimelineAction, state: ShellState) {
        self.target = target
        keys = Array(state.keysOnScreen.prefix(target.keys))
        pattern = state.pattern
        screen = state.screen
    }

    /// The rewind's action, as the trace and the timeline name it.
    var label: String {
        "\(TimelinePanel.rewindPrefix)\(target.number) · \(keys.count) key\(keys.count == 1 ? "" : "s") replayed"
    }

    /// Runs it in a task, through `dispatch` (the shell's reducer), ending with `.rewound`.
    func start(tracer: Tracer, host: ModuleHost, network: NetworkEnvironment, dispatch: @escaping (ShellEvent) -> Void)
        -> Task<Void, Never> {
        Task { dispatch(.rewound(action: await run(tracer: tracer, host: host, network: network, dispatch: dispatch))) }
    }

    /// Runs it through `dispatch` (the shell's reducer) and returns the id of its action.
    private func run(tracer: Tracer, host: ModuleHost, network: NetworkEnvironment, dispatch: (ShellEvent) -> Void) async -> UInt64 {
        let action = tracer.beginAction(label, pattern: pattern.name)
        let scenario = network.scenario
        let before = scenario?.current
        scenario?.update { $0.latency = .zero ... .zero }
        host.replaying = action
        action.run {
            @Traced(.shell, ModuleRewind.self, "rebuild \(pattern.name) \(screen.title), replay \(keys.count) keys") var call
            host.rebuild(pattern, screen)
        }
        dispatch(.rewinding)
        await network.monitor.untilSettled()
        for key in keys where !Task.isCancelled {
            dispatch(.replayKey(key))
            await network.monitor.untilSettled()
        }
        host.replaying = nil
        // A replayed change of network type set its own latency; otherwise the user's comes back.
        if let before, scenario?.current.networkType == before.networkType { scenario?.update { $0.latency = before.latency } }
        return action.action.id
    }
}
