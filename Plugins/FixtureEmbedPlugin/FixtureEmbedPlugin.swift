import Foundation
import PackagePlugin

/// Embeds the fake server's JSON fixtures (`Sources/Data/FakeServer/Fixtures/*.json`) into the
/// `FakeServer` target as string constants, so the binary carries its own data: no resource
/// bundle to find at start or to install beside it, and no `Foundation.Bundle` on the app's path.
@main
struct FixtureEmbedPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let embedder = try context.tool(named: "FixtureEmbedder")
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedFixtures.swift")
        let folder = target.directoryURL.appending(path: "Fixtures")
        let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "json" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        return [
            .buildCommand(
                displayName: "Embedding \(files.count) fixtures into \(target.name)",
                executable: embedder.url,
                arguments: [output.path(percentEncoded: false)] + files.map { $0.path(percentEncoded: false) },
                inputFiles: files, outputFiles: [output])
        ]
    }
}
