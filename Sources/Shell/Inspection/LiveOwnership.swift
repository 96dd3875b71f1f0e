import Mediator
import ObjectGraph
import PatternVocabulary
import Widgets

/// The ownership panel's window on the live module: its graph when asked, whether the module or
/// its navigation changed since a stamp, and the graph of the module shown before the last switch,
/// whose weak handles say what outlived it. Owned by `AppShell`; the reducer reads it through the
/// environment, so the panel itself stays a value.
@MainActor
public final class LiveOwnership {
    private weak var host: ModuleHost?
    private let context: ModuleContext
    /// The module torn down by the last switch, as it was just before.
    private var departed: (label: String, graph: ObjectGraph)?
    /// `MVP greeting`: the module on show, set by the shell when it builds one (by the time a
    /// switch runs, the shell's state already names the next).
    var shownLabel = ""

    init(host: ModuleHost, context: ModuleContext) {
        self.host = host
        self.context = context
    }

    /// Identifies the module on show and its view controllers: a switch or a navigation push
    /// changes it, a key that only edits state does not.
    var stamp: [ObjectIdentifier] {
        guard let module = host?.module else { return [] }
        var identities = [ObjectIdentifier(module)]
        var pending = [module.rootViewController]
        while let controller = pending.popLast() {
            identities.append(ObjectIdentifier(controller))
            pending += controller.children
        }
        return identities
    }

    /// The graph of the module on show, `label` naming it (`MVP greeting`).
    func capture(label: String, pattern: PatternID) -> OwnershipSnapshot? {
        guard let module = host?.module else { return nil }
        return OwnershipSnapshot(ModuleGraph.of(module, appState: context.appState), label: label, pattern: pattern)
    }

    /// Keeps the graph of the module about to be torn down. Only identities matter for counting
    /// survivors, so the declarations are not read.
    func moduleWillTearDown() {
        guard let module = host?.module else { return }
        departed = (shownLabel, ObjectGraph(roots: [("module", module)], scope: ModuleGraph.scope, strengths: DeclaredStrengths()))
    }

    /// What became of the departed module, counted now: its objects still alive, by their weak
    /// handles. What the shared context holds (the model, the network's notifier and picture
    /// loader) outlives every module by design and is left out.
    var freed: FreedObjects? {
        guard let departed else { return nil }
        let shared = sharedObjects
        let own = departed.graph.nodes.filter { !shared.contains($0.id) }
        let survivors = departed.graph.survivors().filter { !shared.contains($0.id) }
        return FreedObjects(label: departed.label, objects: own.count, survivors: survivors.map(\.typeName))
    }

    /// The shared model and the objects the network environment stores itself, found by reflection
    /// one level deep (through optionals): what every module may reach and none owns.
    private lazy var sharedObjects: Set<ObjectIdentifier> = {
        var shared: Set<ObjectIdentifier> = [ObjectIdentifier(context.appState)]
        func collect(_ value: Any) {
            let mirror = Mirror(reflecting: value)
            switch mirror.displayStyle {
            case .class: shared.insert(ObjectIdentifier(value as AnyObject))
            case .optional: mirror.children.first.map { collect($0.value) }
            default: break
            }
        }
        Mirror(reflecting: context.network).children.forEach { collect($0.value) }
        return shared
    }()
}
