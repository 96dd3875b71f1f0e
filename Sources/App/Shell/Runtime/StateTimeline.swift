import Mediator
import Model
import ObjectGraph
import Tracing
import Widgets

/// One action the trace grouped, with what it changed in the stored state.
package struct TimelineAction: Sendable, Equatable {
    /// The trace action's id, and its number as the timeline shows it (`#7`).
    package var id: UInt64
    package var number: Int
    package var label: String
    package var pattern: String
    /// Every stored value the action changed, in the graph's order (roots, then roles as reached).
    package var changes: [StateChange]
    /// Which build of a module the action happened in (each build counts up), and how many of its
    /// keys had been sent when the action ended: a rewind rebuilds it and replays that many.
    package var module: Int
    package var keys: Int
}

/// Records, after every action, the stored state of the module on show and of the shared model,
/// and keeps each action's changes: what the timeline panel lists. A snapshot is taken when a
/// frame is about to be drawn and only if the trace changed since the last one, so a frame that
/// redraws the same screen costs one comparison.
///
/// Memory is bounded: the latest `capacity` actions are kept, each as its changes (not a whole
/// snapshot); one snapshot, the latest, is kept to diff the next against.
@MainActor
package final class StateTimeline {
    package static let defaultCapacity = 1_000
    package private(set) var actions: [TimelineAction] = []
    /// How many older actions were let go to stay within `capacity`.
    package private(set) var dropped = 0
    private let capacity: Int
    private var latest: StateSnapshot?
    private var traceVersion = -1
    private var numbered = 0
    private var moduleOfLatest = -1

    package init(capacity: Int = StateTimeline.defaultCapacity) {
        self.capacity = capacity
    }

    /// Why the action cannot be rewound to, or nil when it can: only the module on show (the
    /// build the latest record was taken in) can be rebuilt and replayed, since its keys are the
    /// ones kept.
    package func rewindRefusal(for action: TimelineAction) -> String? {
        guard action.module == moduleOfLatest else {
            let first = actions.first { $0.module == moduleOfLatest }
            return "before this module was built: rewind reaches #\(first?.number ?? action.number) at the earliest"
        }
        return nil
    }

    /// The action `id`, if it is still kept.
    package func action(_ id: UInt64) -> TimelineAction? {
        actions.last { $0.id == id }
    }

    /// Takes a snapshot if the trace moved on, and gives its changes to the newest action (made a
    /// timeline entry the first time). `module` is the build of the module on show, `keys` how
    /// many keys it has been sent.
    /// Returns whether it did.
    @discardableResult
    package func record(trace: TraceBuffer, module: (any ScreenModule)?, appState: AppState, build: Int, keys: Int) -> Bool {
        let version = trace.version
        guard version != traceVersion else { return false }
        traceVersion = version
        // No code ran for an action without events (a key nothing answered), so nothing changed:
        // a storm of such keys costs no reflection.
        guard let entry = trace.suffix(1).last, !entry.events.isEmpty else { return false }
        let newest = entry.action
        let snapshot = Self.snapshot(of: module, appState: appState)
        var changes = snapshot.changes(since: latest ?? StateSnapshot(entries: []))
        // A module built anew starts its own story: what its predecessor held is not "gone" state
        // of this action, it was released with the old module (the ownership panel shows that).
        // Rebuilt as it was (a rewind), the same values compare as before.
        if build != moduleOfLatest { changes.removeAll { $0.after == nil } }
        latest = snapshot
        moduleOfLatest = build
        if let last = actions.indices.last, actions[last].id == newest.id {
            actions[last].changes = Self.merged(actions[last].changes, changes)
            actions[last].keys = keys
            return true
        }
        numbered += 1
        actions.append(TimelineAction(id: newest.id, number: numbered, label: newest.label, pattern: newest.pattern,
                                      changes: changes, module: build, keys: keys))
        if actions.count > capacity {
            let excess = actions.count - capacity
            actions.removeFirst(excess)
            dropped += excess
        }
        return true
    }

    /// The module's objects, from its root view controller (the module's hosting is not the
    /// pattern's state), and the shared model: every object read, every time. Reading an object
    /// costs little more than its mirror's children (what each class and value type is, is
    /// learned once: `StoredFields`), so a snapshot needs no rule for what an action may have changed.
    package static func graph(of module: (any ScreenModule)?, appState: AppState) -> ObjectGraph {
        var roots: [(name: String, object: AnyObject)] = [("appState", appState)]
        if let module { roots.insert(("module", module.rootViewController), at: 0) }
        return ObjectGraph(roots: roots, scope: scope, strengths: DeclaredStrengths())
    }

    /// The stored values of the module's objects and of the shared model, without the widgets'
    /// own bookkeeping (focus, appearance): the lesson is where each pattern keeps its state.
    package static func snapshot(of module: (any ScreenModule)?, appState: AppState) -> StateSnapshot {
        snapshot(graph(of: module, appState: appState))
    }

    package static func snapshot(_ graph: ObjectGraph) -> StateSnapshot {
        // Widgets, the model-layer services and generic boxes (MVVM's `Observable<String>`) are
        // parts of their owner: `GreetingFormView.greetingLabel`, `ListingsPresenter.managers[rent]`.
        StateSnapshot(graph, isPart: { partModules.contains($0.module) || $0.typeName.contains("<" as Character) })
    }

    private static let partModules: Set<String> = ["Widgets", "ModelServices"]

    /// The roles (the patterns' objects and the view controllers that hold them), the shared
    /// model and the views a screen shows text in: in MVC and MVP the greeting lives in a label,
    /// and the timeline must be able to say so. The model-layer services are the same in every
    /// pattern and are not a role's state: leaves here (the ownership panel opens them).
    /// Widgets are read directly (their text), and so is the shared model (its values, as a rewind
    /// keeps them), rather than reflected; and the properties a role inherits from a widget base
    /// class (a view controller's appearance, focus) are not read: reflection costs by the field,
    /// and those are not the pattern's state.
    private static let scope = ObjectGraph.Scope(
        opens: { module, typeName in
            roleModules.contains(module) || (module == "Widgets" && (textViews.contains(typeName) || typeName.hasSuffix("Controller")))
        },
        inherits: { $0 != "Widgets" },
        describedModules: ["Widgets", "Model"],
        describes: { object in
            // By exact type: a cast would look the class hierarchy up for every node.
            switch ObjectIdentifier(type(of: object)) {
            case ObjectIdentifier(AppState.self): AppStateValues(unsafeDowncast(object, to: AppState.self)).described
            case ObjectIdentifier(Label.self): [("text", StoredValue.quoted(unsafeDowncast(object, to: Label.self).text))]
            case ObjectIdentifier(TextField.self): [("text", StoredValue.quoted(unsafeDowncast(object, to: TextField.self).text))]
            default: nil
            }
        })

    private static let textViews: Set<String> = ["Label", "TextField"]
    private static let roleModules: Set<String> = ["MVC", "MVP", "MVVM", "VIPER", "Model", "ScreenViews"]

    /// Two records of one action (a reply landed after the key's frame): the first value before
    /// and the last after, and a value changed back and forth is no change.
    private static func merged(_ earlier: [StateChange], _ later: [StateChange]) -> [StateChange] {
        var result = earlier
        for change in later {
            if let index = result.firstIndex(where: { $0.key == change.key }) {
                result[index].after = change.after
                if result[index].after == result[index].before { result.remove(at: index) }
            } else {
                result.append(change)
            }
        }
        return result
    }
}
