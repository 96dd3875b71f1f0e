import Foundation
import PackagePlugin

/// Embeds the package's own Swift sources, with the index swift-syntax made of each
/// (`source-index.tsv`, written by `SourceIndexer`), into the `SourceCatalog` target at build
/// time, so the source pane and the metrics read the code the binary was built from — also from an
/// installed binary, far from the checkout. Every source file and the index are inputs of the
/// command, so an edit anywhere regenerates the catalogue; an index entry is embedded only with
/// the exact text it was made from.
/// The test fixtures under `Tests/Fixtures/` (Swift files no target compiles) are embedded too,
/// as module `Fixtures`, so tests read their index as the build made it, and the change drills'
/// files under `Drills/` as module `Drills` (no index: they are not Swift).
@main
struct SourceCatalogPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let generator = try context.tool(named: "SourceCatalogGenerator")
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedSources.swift")
        let root = context.package.directoryURL.standardizedFileURL.path(percentEncoded: false)
        let prefix = root.hasSuffix("/") ? root : root + "/"

        let index = context.package.directoryURL.appending(path: "source-index.tsv")
        var inputs: [URL] = [index]
        var arguments = [output.path(percentEncoded: false), index.path(percentEncoded: false)]
        for case let module as SourceModuleTarget in context.package.targets {
            for file in module.sourceFiles(withSuffix: "swift") {
                let path = file.url.standardizedFileURL.path(percentEncoded: false)
                guard path.hasPrefix(prefix) else { continue }
                let relative = String(path.dropFirst(prefix.count))
                // Only the project's own code: the plugin and generator are build machinery.
                guard relative.hasPrefix("Sources/") || relative.hasPrefix("Tests/") else { continue }
                inputs.append(file.url)
                arguments += [module.moduleName, relative, path]
            }
        }
        let fixtures = context.package.directoryURL.appending(path: "Tests/Fixtures")
        if let walker = FileManager.default.enumerator(at: fixtures, includingPropertiesForKeys: nil) {
            for case let url as URL in walker where url.pathExtension == "swift" {
                let path = url.standardizedFileURL.path(percentEncoded: false)
                guard path.hasPrefix(prefix) else { continue }
                inputs.append(url)
                arguments += ["Fixtures", String(path.dropFirst(prefix.count)), path]
            }
        }
        // The change drills' requests, checks and patches (text, not Swift): `mvx drills` and the
        // `d` panel count them, so they travel with the binary as the sources do.
        let drills = context.package.directoryURL.appending(path: "Drills")
        if let walker = FileManager.default.enumerator(at: drills, includingPropertiesForKeys: nil) {
            var found: [URL] = []
            for case let url as URL in walker where ["patch", "md", "jsonl"].contains(url.pathExtension) { found.append(url) }
            for url in found.sorted(by: { $0.path < $1.path }) {
                let path = url.standardizedFileURL.path(percentEncoded: false)
                guard path.hasPrefix(prefix) else { continue }
                inputs.append(url)
                arguments += ["Drills", String(path.dropFirst(prefix.count)), path]
            }
        }
        return [
            .buildCommand(
                displayName: "Embedding \(inputs.count - 1) source files into \(target.name)",
                executable: generator.url, arguments: arguments, inputFiles: inputs, outputFiles: [output])
        ]
    }
}
