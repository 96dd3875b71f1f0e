import Foundation
import Testing

/// The package as SwiftPM itself resolves it (`swift package describe --type json`): every target
/// with its kind, folder, sources and dependencies. The checks read this, never Package.swift's
/// text and never a folder name of their own, so a target moved with `path:` is followed.
struct PackageGraph: Sendable {
    struct Target: Sendable, Equatable {
        enum Kind: String, Decodable, Sendable {
            case library, executable, test, plugin, macro, snippet
            case systemLibrary = "system-target"
        }

        var name: String
        var kind: Kind
        /// `SwiftTarget`, `ClangTarget`, `SystemLibraryTarget`, `PluginTarget`…
        var moduleType: String
        /// The name `import` uses: `mvx-bench` is `mvx_bench`.
        var moduleName: String
        /// The target's folder, from the package's root.
        var path: String
        /// The target's source files, from its folder.
        var sources: [String] = []
        /// The targets of ours it depends on, the build tool plugins it runs included.
        var dependencies: [String] = []
        /// The products of other packages it depends on (each is a module of that name here).
        var products: [String] = []
        /// The products of ours it is built into.
        var productMemberships: [String] = []

        var isSwift: Bool { moduleType == "SwiftTarget" }
        var isC: Bool { moduleType == "ClangTarget" || moduleType == "SystemLibraryTarget" }
    }

    var targets: [Target]

    /// The package's root: the nearest folder above this file that holds a Package.swift.
    static let root: URL = {
        var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path),
              folder.pathComponents.count > 1 {
            folder.deleteLastPathComponent()
        }
        return folder
    }()

    /// The graph, read once per test run; a failure to read it fails each check that needs it.
    static let current: Result<PackageGraph, any Error> = Result { try PackageGraph(json: describe()) }

    /// The graph of the package, as `try`: what every check starts from.
    static func load() throws -> PackageGraph { try current.get() }

    init(targets: [Target]) { self.targets = targets }

    init(json: Data) throws {
        struct Description: Decodable { var targets: [Target] }
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        targets = try decoder.decode(Description.self, from: json).targets.sorted { $0.name < $1.name }
    }

    /// Why the package could not be described.
    struct DescribeFailure: Error, CustomStringConvertible {
        var description: String
    }

    /// `swift package describe --type json`, stopped and reported if it takes longer than `limit`.
    /// It gets a scratch folder of its own: `.build` is locked while `swift test` runs, and describing
    /// the package resolves nothing and writes nothing there.
    static func describe(limit: TimeInterval = 120) throws -> Data {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("mvx-describe-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let output = scratch.appendingPathComponent("describe.json"), errors = scratch.appendingPathComponent("errors.txt")
        try Data().write(to: output)
        try Data().write(to: errors)
        let outputHandle = try FileHandle(forWritingTo: output), errorHandle = try FileHandle(forWritingTo: errors)
        defer {
            try? outputHandle.close()
            try? errorHandle.close()
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "package", "--package-path", root.path, "--scratch-path", scratch.appendingPathComponent(".build").path,
                             "describe", "--type", "json"]
        // Files, not pipes: a full pipe would stall the tool, and the wait below would take it for a hang.
        process.standardOutput = outputHandle
        process.standardError = errorHandle
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        try process.run()
        guard finished.wait(timeout: .now() + limit) == .success else {
            process.terminate()
            throw DescribeFailure(description: "swift package describe took longer than \(Int(limit)) s")
        }
        guard process.terminationStatus == 0 else {
            let message = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
            throw DescribeFailure(description: "swift package describe failed (\(process.terminationStatus)): \(message)")
        }
        return try Data(contentsOf: output)
    }

    // MARK: - Reading it

    func target(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Target {
        try #require(targets.first { $0.name == name }, "no target \(name) in the package", sourceLocation: sourceLocation)
    }

    /// The names of the plugins: a dependency on one is a build step, not an import.
    var pluginNames: Set<String> { Set(targets.filter { $0.kind == .plugin }.map(\.name)) }

    /// Every target `name` depends on, directly or through others (plugins and their tools included).
    func closure(of name: String) -> Set<String> {
        let byName = Dictionary(targets.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var reached: Set<String> = []
        var pending = byName[name]?.dependencies ?? []
        while let next = pending.popLast() {
            if reached.insert(next).inserted { pending += byName[next]?.dependencies ?? [] }
        }
        return reached
    }

    /// The Swift files of `target`, with their text and imports. A Swift target without any is an
    /// error, not an empty list: the checks that read them must not pass on nothing.
    func swiftFiles(of target: Target, sourceLocation: SourceLocation = #_sourceLocation) -> [SourceFile] {
        let folder = Self.root.appendingPathComponent(target.path)
        let files = target.sources.filter { $0.hasSuffix(".swift") }.sorted().map { source in
            let text = (try? String(contentsOf: folder.appendingPathComponent(source), encoding: .utf8)) ?? ""
            return SourceFile(target: target.name, source: source, text: text)
        }
        if files.isEmpty, target.isSwift {
            Issue.record("no Swift files in \(target.name): the check would pass on nothing", sourceLocation: sourceLocation)
        }
        return files
    }

    /// The Swift files of the targets named.
    func swiftFiles(of names: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> [SourceFile] {
        try names.flatMap { swiftFiles(of: try target($0, sourceLocation: sourceLocation), sourceLocation: sourceLocation) }
    }
}

extension PackageGraph.Target: Decodable {
    private enum CodingKeys: String, CodingKey {
        case name, type, moduleType, c99name, path, sources, targetDependencies, productDependencies, productMemberships
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        kind = try container.decode(Kind.self, forKey: .type)
        moduleType = try container.decode(String.self, forKey: .moduleType)
        moduleName = try container.decode(String.self, forKey: .c99name)
        path = try container.decode(String.self, forKey: .path)
        sources = try container.decodeIfPresent([String].self, forKey: .sources) ?? []
        dependencies = try container.decodeIfPresent([String].self, forKey: .targetDependencies) ?? []
        products = try container.decodeIfPresent([String].self, forKey: .productDependencies) ?? []
        productMemberships = try container.decodeIfPresent([String].self, forKey: .productMemberships) ?? []
    }
}

/// One Swift file of a target: where it is (for messages), its text, the modules it imports.
struct SourceFile: Sendable {
    var target: String
    /// The file's path within its target's folder.
    var source: String
    var text: String

    /// `Networking: Reachability/NetworkTypeNotifier.swift`.
    var label: String { "\(target): \(source)" }
    var name: String { (source as NSString).lastPathComponent }
    var imports: Set<String> { Self.imports(in: text) }

    /// The modules a Swift file imports, in every spelling Swift has: `@testable`, `@_exported`,
    /// `@preconcurrency` and other attributes, an access level (`private import` … `public import`),
    /// a single declaration (`import struct Foundation.Date`) or a submodule (`import Foo.Bar` is
    /// `Foo`). Only lines that start with the import count: an indented `import` is text inside a
    /// string literal (the metrics tests have such fixtures), and a commented one is not an import.
    static func imports(in text: String) -> Set<String> {
        let importLine = #/(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|fileprivate|private|open)\s+)?import\s+(?:(?:typealias|struct|class|enum|protocol|actor|let|var|func)\s+)?(\w+)/#
        var modules: Set<String> = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            if let match = line.prefixMatch(of: importLine) { modules.insert(String(match.1)) }
        }
        return modules
    }
}
