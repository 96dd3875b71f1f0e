import Foundation
import SourceCatalog
import Testing

/// The catalogue the build embeds must be the checkout's sources, byte for byte, found by the
/// `#fileID` a trace event records.
@Suite("Source catalogue")
struct SourceCatalogTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Every `.swift` file under `Sources/` and `Tests/` of the checkout, by repository path.
    static func checkoutFiles() throws -> [String] {
        var paths: [String] = []
        for folder in ["Sources", "Tests"] {
            let base = root.appendingPathComponent(folder)
            let walker = try #require(FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil))
            for case let url as URL in walker where url.pathExtension == "swift" {
                paths.append(folder + "/" + url.path.dropFirst(base.path.count + 1))
            }
        }
        return paths.sorted()
    }

    @Test("every Swift file of the checkout is embedded, with its exact text")
    func matchesCheckout() throws {
        let paths = try Self.checkoutFiles()
        #expect(SourceCatalog.files.map(\.path) == paths)
        for path in paths {
            let onDisk = try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
            #expect(SourceCatalog.file(path: path)?.text == onDisk, "\(path) differs from the checkout")
        }
    }

    @Test("source-index.tsv is fresh: every embedded file has the index of its exact text (`make index` rewrites it)")
    func indexIsFresh() throws {
        let stale = SourceCatalog.files.filter { !$0.isIndexed }.map(\.path)
        #expect(stale.isEmpty, "stale or missing in source-index.tsv: run `make index`")
        let index = try String(contentsOf: Self.root.appendingPathComponent("source-index.tsv"), encoding: .utf8)
        let indexed = index.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }
        let checkout = try Self.checkoutFiles()
        #expect(indexed == checkout, "one line a Swift file of the checkout, no more")
    }

    @Test("only SourceIndexer and this test target link swift-syntax: mvx, the shell and the metrics read the index")
    func parserStaysOutOfTheBinary() throws {
        let manifest = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        // Each target declaration runs from its `.target(` (or executable, test target) to the next one.
        let declarations = manifest.components(separatedBy: "        .").dropFirst()
            .filter { $0.hasPrefix("target(") || $0.hasPrefix("executableTarget(") || $0.hasPrefix("testTarget(") }
        let linking = declarations.filter { $0.contains("package: \"swift-syntax\"") }.compactMap { declaration in
            declaration.split(separator: "\"").dropFirst().first.map(String.init)
        }
        #expect(linking.sorted() == ["SourceCatalogTests", "SourceIndexer"])
    }

    @Test("a trace event's #fileID finds its file; this very line is in it")
    func findsByFileID() throws {
        let file = try #require(SourceCatalog.file(fileID: #fileID))
        #expect(file.path == "Tests/SourceCatalogTests/SourceCatalogTests.swift")
        #expect(file.module == "SourceCatalogTests" && file.isTest)
        #expect(file.lines[#line - 4].contains("SourceCatalog.file(fileID: #fileID)"))
        let presenter = try #require(SourceCatalog.file(fileID: "MVP/GreetingPresenter.swift"))
        #expect(presenter.path == "Sources/Patterns/MVP/Greeting/GreetingPresenter.swift" && !presenter.isTest)
        #expect(SourceCatalog.file(fileID: "MVP/NoSuchFile.swift") == nil)
    }

    @Test("#fileID is unique per module, so a trace line names one file")
    func fileIDsAreUnique() {
        // Fixtures (module `Fixtures`) are no module's code: no trace event names them.
        let ids = SourceCatalog.files.filter { $0.module != "Fixtures" }.map(\.fileID)
        #expect(Set(ids).count == ids.count)
    }
}
