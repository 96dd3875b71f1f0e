import Foundation
import Testing

/// The Mermaid diagram of mvx's targets in docs/architecture.md must say what Package.swift says:
/// every target of ours, and an arrow for each dependency no longer path implies.
@Suite("Target diagram")
struct TargetDiagramTests {
    /// Target name → the targets of ours it depends on (products of other packages left out).
    static func packageTargets() throws -> [(name: String, dependencies: [String])] {
        let text = try String(contentsOf: ArchitectureTests.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        // `var patternDependencies: [Target.Dependency] { [...] }` and the like.
        var lists: [String: [String]] = [:]
        for match in text.matches(of: #/var (\w+): \[Target\.Dependency\] \{\s*\[([^\]]*)\]\s*\}/#) {
            lists[String(match.1)] = quoted(in: match.2)
        }
        var targets: [(String, [String])] = []
        let declaration = #/\.(?:target|executableTarget|systemLibrary|plugin)\(\s*name:\s*"([^"]+)"/#
        let starts = text.matches(of: declaration)
        for (index, match) in starts.enumerated() {
            // A target's text runs to the next declaration of any kind (test targets included).
            let end = text[match.range.upperBound...].firstMatch(of: #/\n\s*\.(?:target|executableTarget|systemLibrary|testTarget|plugin)\(/#)?
                .range.lowerBound ?? text.endIndex
            let body = text[match.range.upperBound..<(index + 1 < starts.count ? min(end, starts[index + 1].range.lowerBound) : end)]
            var dependencies: [String] = []
            if let list = body.firstMatch(of: #/dependencies:\s*(\[(?:[^\[\]]|\[[^\]]*\])*\]|\w+)/#) {
                let value = String(list.1)
                if value.hasPrefix("[") {
                    dependencies = quoted(in: value.replacing(#/\.product\([^)]*\)/#, with: ""))
                } else {
                    dependencies = try #require(lists[value], "Package.swift uses \(value) but the test cannot find it")
                }
            }
            // A build tool plugin the target runs is drawn as an arrow too: the target needs it to build.
            if let plugins = body.firstMatch(of: #/plugins:\s*(\[[^\]]*\])/#) {
                dependencies += quoted(in: plugins.1)
            }
            targets.append((String(match.1), dependencies))
        }
        return targets
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
}
