import Foundation
import Testing

/// The Mermaid diagram of mvx's targets in docs/architecture.md must say what Package.swift says:
/// every target of ours, and an arrow for each dependency no longer path implies. And Package.swift
/// must say what the sources do: each target declares exactly the modules its files import.
@Suite("Target diagram")
struct TargetDiagramTests {
    /// One target as Package.swift declares it.
    struct DeclaredTarget: Equatable {
        enum Kind: String { case target, executableTarget, systemLibrary, testTarget, plugin }
        var name: String
        var kind: Kind
        /// The targets of ours listed under `dependencies:`.
        var dependencies: [String]
        /// The products of other packages listed under `dependencies:` (each is a module of that name).
        var products: [String]
        /// The build tool plugins listed under `plugins:`.
        var plugins: [String]
        /// The folder of its sources, from `path:` or SwiftPM's default.
        var path: String

        /// The name `import` uses: `mvx-bench` is imported (if ever) as `mvx_bench`.
        var moduleName: String { name.replacingOccurrences(of: "-", with: "_") }
    }

    /// Every target of Package.swift, test targets and plugins included.
    static func declaredTargets() throws -> [DeclaredTarget] {
        let text = try String(contentsOf: ArchitectureTests.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        // `var patternDependencies: [Target.Dependency] { [...] }` and the like.
        var lists: [String: String] = [:]
        for match in text.matches(of: #/var (\w+): \[Target\.Dependency\] \{\s*(\[[^\]]*\])\s*\}/#) {
            lists[String(match.1)] = String(match.2)
        }
        var targets: [DeclaredTarget] = []
        let declaration = #/\.(target|executableTarget|systemLibrary|testTarget|plugin)\(\s*name:\s*"([^"]+)"/#
        let starts = text.matches(of: declaration)
        for (index, match) in starts.enumerated() {
            // A target's text runs to the next declaration, or to the end of the targets list.
            let end = index + 1 < starts.count
                ? starts[index + 1].range.lowerBound
                : (text[match.range.upperBound...].firstMatch(of: #/\n\s*\]\s*\n\s*\)/#)?.range.lowerBound ?? text.endIndex)
            let body = text[match.range.upperBound..<end]
            let kind = try #require(DeclaredTarget.Kind(rawValue: String(match.1)))
            let name = String(match.2)
            var listed = ""
            if let list = body.firstMatch(of: #/dependencies:\s*(\[(?:[^\[\]]|\[[^\]]*\])*\]|\w+)/#) {
                let value = String(list.1)
                listed = value.hasPrefix("[")
                    ? value : try #require(lists[value], "Package.swift uses \(value) but the test cannot find it")
            }
            let products = listed.matches(of: #/\.product\(\s*name:\s*"([^"]+)"/#).map { String($0.1) }
            let dependencies = quoted(in: listed.replacing(#/\.product\([^)]*\)/#, with: ""))
            let plugins = body.firstMatch(of: #/plugins:\s*(\[[^\]]*\])/#).map { quoted(in: $0.1) } ?? []
            let defaultFolder = switch kind {
            case .testTarget: "Tests"
            case .plugin: "Plugins"
            default: "Sources"
            }
            let path = body.firstMatch(of: #/path:\s*"([^"]+)"/#).map { String($0.1) } ?? "\(defaultFolder)/\(name)"
            targets.append(DeclaredTarget(name: name, kind: kind, dependencies: dependencies, products: products,
                                          plugins: plugins, path: path))
        }
        return targets
    }

    /// Target name → the targets of ours it depends on (products of other packages left out), as the
    /// diagram draws them: no test targets, and a build tool plugin a target runs is an arrow too
    /// (the target needs it to build).
    static func packageTargets() throws -> [(name: String, dependencies: [String])] {
        try declaredTargets().filter { $0.kind != .testTarget }.map { ($0.name, $0.dependencies + $0.plugins) }
    }

    static func quoted(in text: some StringProtocol) -> [String] {
        String(text).matches(of: #/"([^"]+)"/#).map { String($0.1) }
    }

    /// The dependencies that no longer path implies.
    static func reduction(of targets: [(name: String, dependencies: [String])]) -> Set<String> {
        let graph = Dictionary(targets.map { ($0.name, $0.dependencies) }, uniquingKeysWith: { first, _ in first })
        func reaches(_ from: String, _ to: String, skipping edge: (String, String)) -> Bool {
            var seen: Set<String> = []
            var stack = [from]
            while let node = stack.popLast() {
                for next in graph[node] ?? [] where (node, next) != edge && seen.insert(next).inserted {
                    if next == to { return true }
                    stack.append(next)
                }
            }
            return false
        }
        var edges: Set<String> = []
        for (name, dependencies) in targets {
            for dependency in dependencies where !reaches(name, dependency, skipping: (name, dependency)) {
                edges.insert("\(name) --> \(dependency)")
            }
        }
        return edges
    }

    /// The nodes (by label) and arrows (by label) of the flowchart in docs/architecture.md.
    static func documentedDiagram() throws -> (nodes: Set<String>, edges: Set<String>) {
        let text = try String(contentsOf: ArchitectureTests.root.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
        let block = try #require(text.firstMatch(of: #/```mermaid\nflowchart TD\n((?:.*\n)*?)```/#), "no flowchart in docs/architecture.md")
        var labels: [String: String] = [:]
        var edges: Set<String> = []
        for line in block.1.split(separator: "\n") {
            if let node = line.firstMatch(of: #/^\s*(\w+)\["([^"]+)"\]\s*$/#) {
                labels[String(node.1)] = String(node.2)
            } else if let edge = line.firstMatch(of: #/^\s*(\w+) --> (\w+)\s*$/#) {
                edges.insert("\(edge.1) --> \(edge.2)")
            } else {
                Issue.record("unexpected line in the target diagram: \(line)")
            }
        }
        let named = Set(edges.map { edge in
            edge.split(separator: " --> ").map { labels[String($0)] ?? "?\($0)" }.joined(separator: " --> ")
        })
        return (Set(labels.values), named)
    }

    @Test("Package.swift is read: every layer is there with its arrows")
    func parsesPackage() throws {
        let targets = try Self.packageTargets()
        let names = targets.map(\.name)
        for expected in ["CNcursesw", "Terminal", "Tracing", "Mediator", "MVC", "VIPER", "Shell", "mvx"] {
            #expect(names.contains(expected))
        }
        #expect(!names.contains("ShellTests"), "test targets are not drawn")
        let mvc = try #require(targets.first { $0.name == "MVC" })
        #expect(mvc.dependencies.contains("Mediator") && mvc.dependencies.contains("Tracing"))
        #expect(Self.reduction(of: targets).contains("Terminal --> CNcursesw"))
        #expect(!Self.reduction(of: targets).contains("MVC --> Tracing"), "implied by MVC → Mediator → … → Tracing")
    }

    @Test("the diagram in docs/architecture.md matches Package.swift")
    func diagramMatchesPackage() throws {
        let targets = try Self.packageTargets()
        let documented = try Self.documentedDiagram()
        #expect(documented.nodes == Set(targets.map(\.name)),
                "targets missing from the diagram: \(Set(targets.map(\.name)).subtracting(documented.nodes)); not in Package.swift: \(documented.nodes.subtracting(targets.map(\.name)))")
        let expected = Self.reduction(of: targets)
        #expect(documented.edges == expected,
                "arrows missing from the diagram: \(expected.subtracting(documented.edges).sorted()); arrows Package.swift does not have (or implies by a longer path): \(documented.edges.subtracting(expected).sorted())")
    }

    // MARK: - Declared dependencies against the import lines

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

    /// The modules the Swift files under `folder` import, and how many files there were.
    static func imports(under folder: String) -> (files: Int, modules: Set<String>) {
        let base = ArchitectureTests.root.appendingPathComponent(folder)
        guard let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else { return (0, []) }
        var files = 0
        var modules: Set<String> = []
        for case let url as URL in walker where url.pathExtension == "swift" {
            files += 1
            modules.formUnion(imports(in: (try? String(contentsOf: url, encoding: .utf8)) ?? ""))
        }
        return (files, modules)
    }

    /// What differs between what each target declares and what its files import, one sentence
    /// each; empty when they agree. Only modules the package could declare count (its own targets and
    /// the products it names): Foundation, Testing, Glibc and the like need no declaration.
    /// `imported` holds the imports of each target with Swift sources; other targets (the C ones,
    /// the plugin) are not compared.
    static func importMismatches(declared targets: [DeclaredTarget], imported: [String: Set<String>]) -> [String] {
        let declarable = Set(targets.map(\.moduleName)).union(targets.flatMap(\.products))
        var mismatches: [String] = []
        for target in targets {
            guard let imports = imported[target.name] else { continue }
            let used = imports.intersection(declarable).subtracting([target.moduleName])
            let declared = Set(target.dependencies.map { $0.replacingOccurrences(of: "-", with: "_") } + target.products)
            for module in used.subtracting(declared).sorted() {
                mismatches.append("\(target.name) imports \(module), which Package.swift does not declare for it")
            }
            for module in declared.subtracting(used).sorted() {
                mismatches.append("\(target.name) declares \(module), which none of its files imports")
            }
        }
        return mismatches
    }

    @Test("import lines are read in every spelling, and only at the start of a line")
    func readsImports() {
        let file = """
            import Alpha
            @testable import Bravo
            @_exported import Charlie
            private import Delta
            internal import Echo
            package import Foxtrot
            public import Golf
            @preconcurrency import Hotel
            import struct India.Thing
            import Juliet.Submodule
            @_spi(Tools) public import Kilo
            // import Lima
            let fixture = \"""
                import Mike
                \"""
            importNovember()
            """
        #expect(Self.imports(in: file) == ["Alpha", "Bravo", "Charlie", "Delta", "Echo", "Foxtrot", "Golf", "Hotel",
                                           "India", "Juliet", "Kilo"])
    }

    @Test("a declared dependency nobody imports, and an import nobody declared, are both reported")
    func reportsMismatches() {
        let targets = [
            DeclaredTarget(name: "Shell", kind: .target, dependencies: ["Mediator", "Model"], products: [],
                           plugins: [], path: "Sources/Shell"),
            DeclaredTarget(name: "Mediator", kind: .target, dependencies: [], products: ["DequeModule"],
                           plugins: [], path: "Sources/Mediator"),
            DeclaredTarget(name: "Model", kind: .target, dependencies: [], products: [], plugins: [], path: "Sources/Model"),
            DeclaredTarget(name: "ShellTests", kind: .testTarget, dependencies: ["Shell"], products: [],
                           plugins: [], path: "Tests/ShellTests"),
        ]
        let imported: [String: Set<String>] = [
            "Shell": ["Mediator", "Foundation"],              // Model declared, never imported
            "Mediator": ["DequeModule", "Model"],             // Model imported, never declared
            "Model": ["Foundation"],
            "ShellTests": ["Shell", "Model", "Testing"],      // a test target is held to the same rule
        ]
        #expect(Self.importMismatches(declared: targets, imported: imported) == [
            "Shell declares Model, which none of its files imports",
            "Mediator imports Model, which Package.swift does not declare for it",
            "ShellTests imports Model, which Package.swift does not declare for it",
        ])
    }

    @Test("each target of Package.swift declares exactly the modules its sources import")
    func dependenciesMatchImports() throws {
        let targets = try Self.declaredTargets()
        #expect(targets.contains { $0.kind == .testTarget && $0.name == "ArchitectureTests" }, "test targets are read too")
        var imported: [String: Set<String>] = [:]
        for target in targets where target.kind != .systemLibrary && target.kind != .plugin {
            let found = Self.imports(under: target.path)
            if found.files > 0 {
                imported[target.name] = found.modules
            } else {
                // A C target has no Swift files; any other target without them means a wrong path.
                let folder = ArchitectureTests.root.appendingPathComponent(target.path).path
                let cFiles = (FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? [])
                    .filter { $0.hasSuffix(".c") }
                #expect(!cFiles.isEmpty, "no Swift or C sources found for \(target.name) under \(target.path)")
            }
        }
        #expect(imported.count >= 25, "the sources of most targets were found: \(imported.keys.sorted())")
        let mismatches = Self.importMismatches(declared: targets, imported: imported)
        #expect(mismatches.isEmpty, "Package.swift and the import lines disagree:\n\(mismatches.joined(separator: "\n"))")
    }

    @Test("only Terminal depends on the C targets")
    func onlyTerminalImportsC() throws {
        let targets = try Self.declaredTargets()
        let cTargets = Set(targets.filter { $0.kind == .systemLibrary || ($0.kind == .target && Self.imports(under: $0.path).files == 0) }
            .map(\.name))
        #expect(cTargets == ["CNcursesw", "TerminalRestore"])
        for target in targets where target.name != "Terminal" {
            let reached = cTargets.intersection(target.dependencies)
            #expect(reached.isEmpty, "\(target.name) depends on \(reached.sorted()); only Terminal may")
        }
    }
}
