import Foundation
import Testing

/// The layering rules of docs/architecture.md, checked on the sources themselves: the compiler
/// stops an import that Package.swift does not allow, these stop the ones it would allow.
@Suite("Architecture")
struct ArchitectureTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let patterns = ["MVC", "MVP", "MVVM", "VIPER"]

    /// Every Swift file under a folder, with the modules it imports.
    static func sources(under folder: String) -> [(path: String, imports: Set<String>)] {
        let base = root.appendingPathComponent(folder)
        guard let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else { return [] }
        var result: [(String, Set<String>)] = []
        for case let url as URL in walker where url.pathExtension == "swift" {
            let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
            let imports = text.split(separator: "\n").compactMap { line -> String? in
                let words = line.split(separator: " ")
                let importIndex = words.firstIndex(of: "import")
                guard let importIndex, importIndex + 1 < words.count,
                      words[..<importIndex].allSatisfy({ $0.hasPrefix("@") || $0 == "public" || $0 == "internal" })
                else { return nil }
                return String(words[importIndex + 1])
            }
            result.append((url.path.replacingOccurrences(of: root.path + "/", with: ""), Set(imports)))
        }
        return result
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

    @Test("pattern modules never import each other")
    func noSidewaysImports() {
        for pattern in Self.patterns {
            let files = Self.sources(under: "Sources/Patterns/\(pattern)")
            #expect(!files.isEmpty)
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
        let pureSuffixes = ["Presenter.swift", "ViewModel.swift", "Interactor.swift", "Entity.swift", "Data.swift",
                            "Protocols.swift"]
        var checked = 0
        for file in Self.sources(under: "Sources/Patterns") {
            let name = (file.path as NSString).lastPathComponent
            guard pureSuffixes.contains(where: { name.hasSuffix($0) }) else { continue }
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
        #expect(checked > 0)
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
