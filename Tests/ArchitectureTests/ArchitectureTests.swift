import Foundation
import Testing

/// The layering rules of docs/architecture.md, checked on the sources themselves: the compiler
/// stops an import that Package.swift does not allow, these stop the ones it would allow.
@Suite("Architecture")
struct ArchitectureTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let patterns = ["MVC", "MVP", "MVVM", "VIPER"]

    /// Every Swift file under a folder, with the modules it imports. A folder that is missing or
    /// holds no Swift file is an error, not an empty list: a moved folder must not turn the checks
    /// below into checks of nothing.
    static func sources(
        under folder: String, sourceLocation: SourceLocation = #_sourceLocation
    ) -> [(path: String, imports: Set<String>)] {
        let base = root.appendingPathComponent(folder)
        var result: [(String, Set<String>)] = []
        if let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) {
            for case let url as URL in walker where url.pathExtension == "swift" {
                let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
                let imports = text.split(separator: "\n").compactMap { importedModule(in: $0) }
                result.append((url.path.replacingOccurrences(of: root.path + "/", with: ""), Set(imports)))
            }
        }
        if result.isEmpty {
            Issue.record("no Swift files under \(folder): the check would pass on nothing", sourceLocation: sourceLocation)
        }
        return result
    }

    /// The module a line imports, or nil: `import Terminal`, with any attributes (`@testable`,
    /// `@preconcurrency` …), any access level (`private`, `fileprivate`, `internal`, `package`,
    /// `public`) and an import kind (`import struct Terminal.Size` imports from `Terminal`).
    static func importedModule(in line: Substring) -> String? {
        let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard let importIndex = words.firstIndex(of: "import"), importIndex + 1 < words.count else { return nil }
        let modifiers: Set<Substring> = ["private", "fileprivate", "internal", "package", "public"]
        guard words[..<importIndex].allSatisfy({ $0.hasPrefix("@") || modifiers.contains($0) }) else { return nil }
        let kinds: Set<Substring> = ["struct", "class", "enum", "protocol", "typealias", "func", "let", "var", "actor"]
        var pathIndex = importIndex + 1
        if kinds.contains(words[pathIndex]), pathIndex + 1 < words.count { pathIndex += 1 }
        return words[pathIndex].split(separator: ".").first.map(String.init)
    }

    @Test("the import parser sees every form of import, and nothing else", arguments: [
        ("import Terminal", "Terminal"),
        ("@testable import Terminal", "Terminal"),
        ("@preconcurrency import Terminal", "Terminal"),
        ("private import Terminal", "Terminal"),
        ("fileprivate import Terminal", "Terminal"),
        ("internal import Terminal", "Terminal"),
        ("package import Terminal", "Terminal"),
        ("public import Terminal", "Terminal"),
        ("@_exported public import Terminal", "Terminal"),
        ("import struct Terminal.Size", "Terminal"),
        ("\timport Terminal", "Terminal"),
        ("// import Terminal", nil),
        ("let text = \"to import Terminal\"", nil),
        ("func importTerminal()", nil),
    ] as [(String, String?)])
    func importParsing(line: String, module: String?) {
        #expect(Self.importedModule(in: Substring(line)) == module)
    }

    @Test("only the terminal layer imports the C module")
    func curses() {
        for file in Self.sources(under: "Sources") where file.imports.contains("CNcursesw") {
            #expect(file.path.hasPrefix("Sources/Terminal/"), "\(file.path) imports CNcursesw")
        }
        for file in Self.sources(under: "Tests") {
            #expect(!file.imports.contains("CNcursesw"), "\(file.path) imports CNcursesw")
        }
    }

    /// Full Foundation brings ICU and CoreFoundation into the static binary: 37,000 relocations
    /// and their start-up work before the first frame. Build tools and the benchmark may use it.
    @Test("on Linux the app imports FoundationEssentials, never the whole of Foundation")
    func foundationEssentialsOnly() {
        let tools = ["Sources/Benchmarks/", "Sources/SourceIndexer/", "Sources/SourceCatalogGenerator/", "Sources/FixtureEmbedder/"]
        for file in Self.sources(under: "Sources") where !tools.contains(where: file.path.hasPrefix) {
            // `#if canImport(FoundationEssentials)` … `#else import Foundation` lists both: Darwin's branch.
            #expect(!file.imports.contains("Foundation") || file.imports.contains("FoundationEssentials"),
                    "\(file.path) imports Foundation unconditionally")
        }
    }

    @Test("pattern modules never import each other")
    func noSidewaysImports() {
        for pattern in Self.patterns {
            // The pattern's module, and its unit tests (a test target of their own since the split).
            let files = Self.sources(under: "Sources/Patterns/\(pattern)") + Self.sources(under: "Tests/\(pattern)Tests")
            for file in files {
                let others = file.imports.intersection(Self.patterns.filter { $0 != pattern })
                #expect(others.isEmpty, "\(file.path) imports \(others.sorted())")
            }
        }
    }

    @Test("the shell reaches pattern modules only through the mediator")
    func shellImportsNoPattern() {
        for file in Self.sources(under: "Sources/Shell") {
            #expect(file.imports.isDisjoint(with: Self.patterns), "\(file.path) imports a pattern module")
        }
    }

    @Test("roles that must not know the terminal import neither Terminal nor Widgets")
    func rolePurity() {
        let pureSuffixes = ["Presenter.swift", "ViewModel.swift", "Interactor.swift", "Data.swift"]
        var checked = 0
        var matched: Set<String> = []
        for file in Self.sources(under: "Sources/Patterns") {
            let name = (file.path as NSString).lastPathComponent
            guard let suffix = pureSuffixes.first(where: { name.hasSuffix($0) }) else { continue }
            matched.insert(suffix)
            checked += 1
            let forbidden = file.imports.intersection(["Terminal", "Widgets", "Shell", "CNcursesw"])
            #expect(forbidden.isEmpty, "\(file.path) imports \(forbidden.sorted())")
        }
        for layer in ["Model", "Networking", "FakeServer", "Reformers", "Tracing"] {
            for file in Self.sources(under: "Sources/\(layer)") {
                checked += 1
                let forbidden = file.imports.intersection(["Terminal", "Widgets", "Shell", "Mediator", "CNcursesw"])
                #expect(forbidden.isEmpty, "\(file.path) imports \(forbidden.sorted())")
            }
        }
        // A suffix no file has checks nothing: it is a renamed role or a typo.
        #expect(matched == Set(pureSuffixes), "suffixes matching no file: \(Set(pureSuffixes).subtracting(matched).sorted())")
        #expect(checked > 0)
    }

    /// casatwy: the API managers belong to the model, and the role that holds the data is their
    /// delegate — MVC's controller, MVP's presenter, MVVM's view model, VIPER's interactor. So those
    /// roles (and the builders that make the managers) import the network layer; a passive view
    /// never does.
    @Test("the network layer is the model's: the data roles import it, no view of MVP, MVVM or VIPER does")
    func onlyDataRolesImportNetworking() {
        let viewSuffixes = ["ViewController.swift", "View.swift", "ViewInterface.swift", "ViewEventHandler.swift"]
        let dataRoles = ["MVC": "ViewController.swift", "MVP": "Presenter.swift", "MVVM": "ViewModel.swift", "VIPER": "Interactor.swift"]
        for (pattern, dataRole) in dataRoles.sorted(by: { $0.key < $1.key }) {
            let importing = Self.sources(under: "Sources/Patterns/\(pattern)").filter { $0.imports.contains("Networking") }
            let names = importing.map { ($0.path as NSString).lastPathComponent }
            #expect(names.contains { $0.hasSuffix(dataRole) }, "\(pattern)'s data role (*\(dataRole)) is the managers' delegate")
            guard pattern != "MVC" else { continue }  // Cocoa MVC's controller is both view and data role
            for name in names {
                #expect(!viewSuffixes.contains { name.hasSuffix($0) }, "\(pattern)'s view \(name) imports Networking")
            }
        }
    }

    @Test("the network layer sees a transport: the fake server's knobs live in FakeServer")
    func networkingKnowsNoScenario() throws {
        // The compiler keeps Networking from importing FakeServer; this keeps the knobs from
        // moving back into Networking, where every pattern module would see them.
        let knobs = ["Scenario", "FailureKind", "FailureRates", "SeededRandom", "nextFailure"]
        let files = Self.sources(under: "Sources/Networking")
        try #require(!files.isEmpty)
        for file in files {
            let text = try String(contentsOf: Self.root.appendingPathComponent(file.path), encoding: .utf8)
            let named = knobs.filter { text.contains($0) }
            #expect(named.isEmpty, "\(file.path) names \(named)")
        }
        let fake = Self.sources(under: "Sources/FakeServer").map { ($0.path as NSString).lastPathComponent }
        #expect(fake.contains("Scenario.swift") && fake.contains("ScenarioControls.swift"))
    }

    @Test("no junk-drawer folders: every folder is named by what it holds")
    func folderNames() throws {
        let banned: Set<String> = ["common", "core", "utils", "util", "helpers", "misc", "shared"]
        for top in ["Sources", "Tests"] {
            let base = Self.root.appendingPathComponent(top)
            let walker = try #require(FileManager.default.enumerator(at: base, includingPropertiesForKeys: [.isDirectoryKey]))
            for case let url as URL in walker where (try? url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true {
                #expect(!banned.contains(url.lastPathComponent.lowercased()), "\(url.path)")
            }
        }
    }

    @Test("inside a pattern, each role file declares the type it is named after")
    func fileNamedAfterType() {
        for file in Self.sources(under: "Sources/Patterns") {
            let name = ((file.path as NSString).lastPathComponent as NSString).deletingPathExtension
            let text = (try? String(contentsOfFile: Self.root.appendingPathComponent(file.path).path, encoding: .utf8)) ?? ""
            let declares = ["class", "struct", "enum", "protocol", "actor"].contains { text.contains("\($0) \(name)") }
            #expect(declares, "\(file.path) does not declare \(name)")
        }
    }
}
