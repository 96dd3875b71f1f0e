import Foundation
import Testing

/// The layering rules of docs/architecture.md, checked on the package graph SwiftPM resolves and on
/// the targets' own sources: the compiler stops an import the graph does not allow, these stop the
/// arrows it would allow.
@Suite("Architecture")
struct ArchitectureTests {
    static let patterns = ["MVC", "MVP", "MVVM", "VIPER"]

    @Test("only the terminal layer imports the C module")
    func curses() throws {
        let graph = try PackageGraph.load()
        for target in graph.targets where target.name != "Terminal" {
            for file in graph.swiftFiles(of: target) where file.imports.contains("CNcursesw") {
                Issue.record("\(file.label) imports CNcursesw")
            }
        }
    }

    /// Full Foundation brings ICU and CoreFoundation into the static binary: 37,000 relocations
    /// and their start-up work before the first frame. Build tools and the benchmark may use it.
    @Test("on Linux the app imports FoundationEssentials, never the whole of Foundation")
    func foundationEssentialsOnly() throws {
        let graph = try PackageGraph.load()
        // What mvx links: its product's targets, but the tools its build runs (what plugins depend on).
        let buildTools = Set(graph.targets.filter { $0.kind == .plugin }.flatMap(\.dependencies))
        let linked = graph.targets.filter { $0.productMemberships.contains("mvx") && $0.isSwift && $0.kind != .plugin }
            .filter { !buildTools.contains($0.name) }
        #expect(linked.count >= 20 && linked.contains { $0.name == "Shell" } && !linked.contains { $0.name == "mvx-bench" })
        for target in linked {
            for file in graph.swiftFiles(of: target) {
                // `#if canImport(FoundationEssentials)` … `#else import Foundation` lists both: Darwin's branch.
                #expect(!file.imports.contains("Foundation") || file.imports.contains("FoundationEssentials"),
                        "\(file.label) imports Foundation unconditionally")
            }
        }
    }

    /// The targets among `names` that `target` reaches, directly or through others.
    static func reached(_ names: Set<String>, from target: String, in graph: PackageGraph) -> Set<String> {
        graph.closure(of: target).intersection(names)
    }

    @Test("pattern modules, and each one's unit tests, never reach another pattern")
    func noSidewaysDependencies() throws {
        let graph = try PackageGraph.load()
        for pattern in Self.patterns {
            let others = Set(Self.patterns).subtracting([pattern])
            for target in [pattern, "\(pattern)Tests"] {
                _ = try graph.target(target)
                let reached = Self.reached(others, from: target, in: graph)
                #expect(reached.isEmpty, "\(target) depends on \(reached.sorted())")
            }
        }
    }

    @Test("the sideways check sees a pattern reached through another target")
    func catchesSidewaysDependency() {
        let graph = PackageGraph(targets: [
            TargetDiagramTests.target("MVC", dependencies: ["Helpers"]),
            TargetDiagramTests.target("Helpers", dependencies: ["MVP"]),
            TargetDiagramTests.target("MVP"),
        ])
        #expect(Self.reached(["MVP"], from: "MVC", in: graph) == ["MVP"])
    }

    @Test("the shell reaches pattern modules only through the mediator")
    func shellReachesNoPattern() throws {
        let graph = try PackageGraph.load()
        _ = try graph.target("Shell")
        let reached = Self.reached(Set(Self.patterns), from: "Shell", in: graph)
        #expect(reached.isEmpty, "Shell depends on \(reached.sorted())")
    }

    @Test("roles that must not know the terminal import neither Terminal nor Widgets; the shared layers reach neither")
    func rolePurity() throws {
        let graph = try PackageGraph.load()
        let pureSuffixes = ["Presenter.swift", "ViewModel.swift", "Interactor.swift", "Data.swift"]
        var matched: Set<String> = []
        for file in try graph.swiftFiles(of: Self.patterns) {
            guard let suffix = pureSuffixes.first(where: { file.name.hasSuffix($0) }) else { continue }
            matched.insert(suffix)
            let forbidden = file.imports.intersection(["Terminal", "Widgets", "Shell", "CNcursesw"])
            #expect(forbidden.isEmpty, "\(file.label) imports \(forbidden.sorted())")
        }
        // A suffix no file has checks nothing: it is a renamed role or a typo.
        #expect(matched == Set(pureSuffixes), "suffixes matching no file: \(Set(pureSuffixes).subtracting(matched).sorted())")
        for layer in ["Model", "Networking", "FakeServer", "ModelServices", "Tracing"] {
            _ = try graph.target(layer)
            let reached = Self.reached(["Terminal", "Widgets", "Shell", "Mediator", "CNcursesw"], from: layer, in: graph)
            #expect(reached.isEmpty, "\(layer) depends on \(reached.sorted())")
        }
    }

    /// casatwy: the API managers belong to the model, and the role that holds the data is their
    /// delegate — MVC's controller, MVP's presenter, MVVM's view model, VIPER's interactor. So those
    /// roles (and the builders that make the managers) import the network layer; a passive view
    /// never does.
    @Test("the network layer is the model's: the data roles import it, no view of MVP, MVVM or VIPER does")
    func onlyDataRolesImportNetworking() throws {
        let graph = try PackageGraph.load()
        let viewSuffixes = ["ViewController.swift", "View.swift", "ViewInterface.swift", "ViewEventHandler.swift"]
        let dataRoles = ["MVC": "ViewController.swift", "MVP": "Presenter.swift", "MVVM": "ViewModel.swift", "VIPER": "Interactor.swift"]
        for (pattern, dataRole) in dataRoles.sorted(by: { $0.key < $1.key }) {
            let names = try graph.swiftFiles(of: [pattern]).filter { $0.imports.contains("Networking") }.map(\.name)
            #expect(names.contains { $0.hasSuffix(dataRole) }, "\(pattern)'s data role (*\(dataRole)) is the managers' delegate")
            guard pattern != "MVC" else { continue }  // Cocoa MVC's controller is both view and data role
            for name in names {
                #expect(!viewSuffixes.contains { name.hasSuffix($0) }, "\(pattern)'s view \(name) imports Networking")
            }
        }
    }

    @Test("the network layer sees a transport: the fake server's knobs live in FakeServer")
    func networkingKnowsNoScenario() throws {
        let graph = try PackageGraph.load()
        // The graph keeps Networking from importing FakeServer; this keeps the knobs from moving
        // back into Networking, where every pattern module would see them.
        #expect(!graph.closure(of: "Networking").contains("FakeServer"))
        let knobs = ["Scenario", "FailureKind", "FailureRates", "SeededRandom", "nextFailure"]
        for file in try graph.swiftFiles(of: ["Networking"]) {
            let named = knobs.filter { file.text.contains($0) }
            #expect(named.isEmpty, "\(file.label) names \(named)")
        }
        let fake = try graph.swiftFiles(of: ["FakeServer"]).map(\.name)
        #expect(fake.contains("Scenario.swift") && fake.contains("ScenarioControls.swift"))
    }

    @Test("no junk-drawer folders: every folder is named by what it holds")
    func folderNames() throws {
        let graph = try PackageGraph.load()
        let banned: Set<String> = ["common", "core", "utils", "util", "helpers", "misc", "shared"]
        for target in graph.targets {
            // The folders that group targets, then every folder inside the target's own.
            #expect(!target.path.split(separator: "/").contains { banned.contains($0.lowercased()) }, "\(target.path)")
            let base = PackageGraph.root.appendingPathComponent(target.path)
            let walker = try #require(FileManager.default.enumerator(at: base, includingPropertiesForKeys: [.isDirectoryKey]))
            for case let url as URL in walker where (try? url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true {
                #expect(!banned.contains(url.lastPathComponent.lowercased()), "\(url.path)")
            }
        }
    }

    @Test("inside a pattern, each role file declares the type it is named after")
    func fileNamedAfterType() throws {
        let graph = try PackageGraph.load()
        for file in try graph.swiftFiles(of: Self.patterns) {
            let name = (file.name as NSString).deletingPathExtension
            let declares = ["class", "struct", "enum", "protocol", "actor"].contains { file.text.contains("\($0) \(name)") }
            #expect(declares, "\(file.label) does not declare \(name)")
        }
    }
}
