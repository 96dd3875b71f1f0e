import Mediator
import Model
import ObjectGraph
import SourceCatalog

/// The object graph of a built module as the ownership panel and the state timeline read it:
/// from the module through its view controllers to its roles, managers and the shared model.
@MainActor
enum ModuleGraph {
    /// The modules whose objects are opened: the patterns' roles, the shared model and the
    /// model-layer services. Widgets, network managers and caches are leaves: named, not opened.
    private static let openedModules: Set<String> = ["MVC", "MVP", "MVVM", "VIPER", "Model", "ModelServices", "Mediator"]

    static let scope = ObjectGraph.Scope { module, typeName in
        // A navigation controller holds the screens pushed on it: the detail's roles hang from it.
        openedModules.contains(module) || (module == "Widgets" && typeName.hasSuffix("Controller"))
    }

    /// The graph of `module`, with the shared model as a second root (the module may reach it too).
    static func of(_ module: any ScreenModule, appState: AppState) -> ObjectGraph {
        ObjectGraph(roots: [("module", module), ("appState", appState)], scope: scope, strengths: declared)
    }

    /// The strengths the build-time index declares: every stored `weak` or `unowned` property of
    /// mvx's own types, as the catalogue generator listed them (no index is decoded here).
    static let declared = DeclaredStrengths(SourceCatalog.referenceModifiers.compactMapValues(ReferenceStrength.init(rawValue:)))
}
