import Mediator
import Model
import ObjectGraph
import SourceCatalog
import SourceIndex

/// The object graph of a built module as the ownership panel and the state timeline read it:
/// from the module through its view controllers to its roles, managers and the shared model.
@MainActor
enum ModuleGraph {
    /// The modules whose objects are opened: the patterns' roles, the shared model and the
    /// model-layer services. Widgets, network managers and caches are leaves: named, not opened.
    private static let openedModules: Set<String> = ["MVC", "MVP", "MVVM", "VIPER", "Model", "Reformers", "Mediator"]

    static let scope = ObjectGraph.Scope { module, typeName in
        // A navigation controller holds the screens pushed on it: the detail's roles hang from it.
        openedModules.contains(module) || (module == "Widgets" && typeName.hasSuffix("Controller"))
    }

    /// The graph of `module`, with the shared model as a second root (the module may reach it too).
    /// `strengths` defaults to the declared ones; the state timeline, which reads values only, passes none.
    static func of(_ module: any ScreenModule, appState: AppState, strengths: (any ReferenceStrengths)? = nil) -> ObjectGraph {
        ObjectGraph(roots: [("module", module), ("appState", appState)], scope: scope, strengths: strengths ?? declared)
    }

    /// The strengths the build-time index declares: every stored `weak` or `unowned` property of
    /// mvx's own types. Read once, from the embedded sources.
    static let declared: DeclaredStrengths = {
        var table: [String: ReferenceStrength] = [:]
        // Only the files of modules the walk opens: decoding every index would cost a visible pause.
        for file in SourceCatalog.files where !file.isTest && (openedModules.contains(file.module) || file.module == "Widgets") {
            let index = file.index
            for declaration in index.declarations where declaration.isStoredInstanceProperty {
                let strength: ReferenceStrength? =
                    if declaration.modifiers.contains("weak") { .weak }
                    else if declaration.modifiers.contains(where: { $0.hasPrefix("unowned") }) { .unowned }
                    else { nil }
                guard let strength, let owner = index.parent(of: declaration) else { continue }
                table["\(file.module).\(owner.name).\(declaration.name)"] = strength
            }
        }
        return DeclaredStrengths(table)
    }()
}
