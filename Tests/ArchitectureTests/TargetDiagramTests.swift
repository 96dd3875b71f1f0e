import Foundation
import Testing

/// The Mermaid diagram of mvx's targets in docs/architecture.md must say what the package graph
/// says: every target of ours, and an arrow for each dependency no longer path implies. And the
/// graph must say what the sources do: each target declares exactly the modules its files import.
@Suite("Target diagram")
struct TargetDiagramTests {
    /// Target name → the targets of ours it depends on (products of other packages left out), as the
    /// diagram draws them: no test targets, and a build tool plugin a target runs is an arrow too
    /// (the target needs it to build).
    static func packageTargets(_ graph: PackageGraph) -> [(name: String, dependencies: [String])] {
        graph.targets.filter { $0.kind != .test }.map { ($0.name, $0.dependencies) }
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
        let text = try String(contentsOf: PackageGraph.root.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
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

    @Test("the package graph is read: every layer is there with its arrows, test targets apart")
    func readsPackage() throws {
        let graph = try PackageGraph.load()
        let targets = Self.packageTargets(graph)
        let names = targets.map(\.name)
        for expected in ["CNcursesw", "Terminal", "Tracing", "Mediator", "MVC", "VIPER", "Shell", "mvx", "SourceCatalogPlugin"] {
            #expect(names.contains(expected))
        }
        #expect(!names.contains("ShellTests"), "test targets are not drawn")
        #expect(try graph.target("ShellTests").kind == .test)
        let mvc = try #require(targets.first { $0.name == "MVC" })
        #expect(mvc.dependencies.contains("Mediator") && mvc.dependencies.contains("Tracing"))
        #expect(try graph.target("SourceCatalog").dependencies.contains("SourceCatalogPlugin"), "the plugin a target runs")
        #expect(try graph.target("mvx-bench").moduleName == "mvx_bench")
        #expect(Self.reduction(of: targets).contains("Terminal --> CNcursesw"))
        #expect(!Self.reduction(of: targets).contains("MVC --> Tracing"), "implied by MVC → Mediator → … → Tracing")
    }

    /// What differs between the diagram and the graph, one sentence each; empty when they agree.
    static func diagramMismatches(documented: (nodes: Set<String>, edges: Set<String>),
                                  targets: [(name: String, dependencies: [String])]) -> [String] {
        let names = Set(targets.map(\.name))
        let expected = reduction(of: targets)
        return names.subtracting(documented.nodes).sorted().map { "\($0) is missing from the diagram" }
            + documented.nodes.subtracting(names).sorted().map { "\($0) is in the diagram but not in the package" }
            + expected.subtracting(documented.edges).sorted().map { "the arrow \($0) is missing from the diagram" }
            + documented.edges.subtracting(expected).sorted().map { "the arrow \($0) is not in the package (or a longer path implies it)" }
    }

    @Test("the diagram in docs/architecture.md matches the package graph")
    func diagramMatchesPackage() throws {
        let targets = Self.packageTargets(try PackageGraph.load())
        let mismatches = Self.diagramMismatches(documented: try Self.documentedDiagram(), targets: targets)
        #expect(mismatches.isEmpty, "\(mismatches.joined(separator: "\n"))")
    }

    @Test("a diagram that lacks a target, or draws an arrow the package does not have, is caught")
    func catchesAStaleDiagram() {
        let targets = [(name: "Shell", dependencies: ["Mediator"]), (name: "Mediator", dependencies: ["Model"]), (name: "Model", dependencies: [])]
        #expect(Self.diagramMismatches(documented: (["Shell", "Mediator", "Model"], ["Shell --> Mediator", "Mediator --> Model"]),
                                       targets: targets).isEmpty)
        #expect(Self.diagramMismatches(documented: (["Shell", "Mediator"], ["Shell --> Mediator", "Shell --> Model"]), targets: targets) == [
            "Model is missing from the diagram",
            "the arrow Mediator --> Model is missing from the diagram",
            "the arrow Shell --> Model is not in the package (or a longer path implies it)",
        ])
    }

    // MARK: - Declared dependencies against the import lines

    /// What differs between what each target declares and what its files import, one sentence
    /// each; empty when they agree. Only modules the package could declare count (its own targets and
    /// the products it names): Foundation, Testing, Glibc and the like need no declaration. A plugin
    /// a target runs is a build step, not an import. `imported` holds the imports of each target with
    /// Swift sources; other targets (the C ones, the plugins) are not compared.
    static func importMismatches(declared targets: [PackageGraph.Target], imported: [String: Set<String>]) -> [String] {
        let declarable = Set(targets.map(\.moduleName)).union(targets.flatMap(\.products))
        let moduleNames = Dictionary(targets.map { ($0.name, $0.moduleName) }, uniquingKeysWith: { first, _ in first })
        let plugins = Set(targets.filter { $0.kind == .plugin }.map(\.name))
        var mismatches: [String] = []
        for target in targets {
            guard let imports = imported[target.name] else { continue }
            let used = imports.intersection(declarable).subtracting([target.moduleName])
            let declared = Set(target.dependencies.filter { !plugins.contains($0) }.map { moduleNames[$0] ?? $0 } + target.products)
            for module in used.subtracting(declared).sorted() {
                mismatches.append("\(target.name) imports \(module), which the package does not declare for it")
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
            package import Golf
            @preconcurrency import Hotel
            import struct India.Thing
            import Juliet.Submodule
            @_spi(Tools) package import Kilo
            fileprivate import Lima
            // import Mike
            let fixture = \"""
                import November
                \"""
            importOscar()
            let text = "to import Papa"
            """
        #expect(SourceFile.imports(in: file) == ["Alpha", "Bravo", "Charlie", "Delta", "Echo", "Foxtrot", "Golf", "Hotel",
                                                 "India", "Juliet", "Kilo", "Lima"])
    }

    static func target(_ name: String, _ kind: PackageGraph.Target.Kind = .library, dependencies: [String] = [],
                       products: [String] = []) -> PackageGraph.Target {
        PackageGraph.Target(name: name, kind: kind, moduleType: kind == .plugin ? "PluginTarget" : "SwiftTarget",
                            moduleName: name.replacingOccurrences(of: "-", with: "_"), path: "Sources/\(name)",
                            dependencies: dependencies, products: products)
    }

    @Test("a declared dependency nobody imports, and an import nobody declared, are both reported")
    func reportsMismatches() {
        let targets = [
            Self.target("Shell", dependencies: ["Mediator", "Model", "EmbedPlugin"]),
            Self.target("Mediator", products: ["DequeModule"]),
            Self.target("Model"),
            Self.target("EmbedPlugin", .plugin, dependencies: ["mvx-embed"]),
            Self.target("mvx-embed", .executable),
            Self.target("ShellTests", .test, dependencies: ["Shell", "mvx-embed"]),
        ]
        let imported: [String: Set<String>] = [
            "Shell": ["Mediator", "Foundation"],              // Model declared, never imported; the plugin is no import
            "Mediator": ["DequeModule", "Model"],             // Model imported, never declared
            "Model": ["Foundation"],
            "ShellTests": ["Shell", "Model", "Testing", "mvx_embed"],  // a test target is held to the same rule
        ]
        #expect(Self.importMismatches(declared: targets, imported: imported) == [
            "Shell declares Model, which none of its files imports",
            "Mediator imports Model, which the package does not declare for it",
            "ShellTests imports Model, which the package does not declare for it",
        ])
    }

    @Test("each target of the package declares exactly the modules its sources import")
    func dependenciesMatchImports() throws {
        let graph = try PackageGraph.load()
        #expect(graph.targets.contains { $0.kind == .test && $0.name == "ArchitectureTests" }, "test targets are read too")
        var imported: [String: Set<String>] = [:]
        for target in graph.targets where target.isSwift {
            imported[target.name] = graph.swiftFiles(of: target).reduce(into: []) { $0.formUnion($1.imports) }
        }
        #expect(imported.count >= 25, "the sources of most targets were found: \(imported.keys.sorted())")
        let mismatches = Self.importMismatches(declared: graph.targets, imported: imported)
        #expect(mismatches.isEmpty, "the package and the import lines disagree:\n\(mismatches.joined(separator: "\n"))")
    }

    @Test("only Terminal depends on the C targets")
    func onlyTerminalImportsC() throws {
        let graph = try PackageGraph.load()
        let cTargets = Set(graph.targets.filter(\.isC).map(\.name))
        #expect(cTargets == ["CNcursesw", "TerminalRestore"])
        for target in graph.targets where target.name != "Terminal" {
            let reached = cTargets.intersection(target.dependencies)
            #expect(reached.isEmpty, "\(target.name) depends on \(reached.sorted()); only Terminal may")
        }
    }
}
