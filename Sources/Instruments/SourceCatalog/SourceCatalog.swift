#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The project's own Swift sources, embedded into the binary at build time by the
/// `SourceCatalogPlugin` build tool with the index swift-syntax made of each: what the source
/// pane shows and colours, and what the metrics count.
package enum SourceCatalog {
    /// Every embedded Swift file, sorted by path.
    package static let files: [SourceFile] = everyFile.filter { $0.module != "Drills" }

    /// The change drills' files (`Drills/<drill>/request.md`, `check.jsonl`, `<pattern>.patch`), sorted by path.
    package static let drillFiles: [SourceFile] = everyFile.filter { $0.module == "Drills" }

    // Split by bytes: a split of the String walks it character by character, which made this
    // parse two thirds of the first metrics or drills report's time.
    private static let everyFile: [SourceFile] = embedded.utf8.split(separator: UInt8(ascii: "\n")).compactMap { line in
        let fields = line.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false)
        guard fields.count == 4 else { return nil }
        let bytes = Data(base64Encoded: Data(fields[2])) ?? Data()
        return SourceFile(module: String(Substring(fields[0])), path: String(Substring(fields[1])),
                          text: String(decoding: bytes, as: UTF8.self), encodedIndex: String(Substring(fields[3])))
    }

    /// Every stored `weak` or `unowned` instance property of the sources (`Sources/`), keyed
    /// `Module.Type.property`, valued `weak` or `unowned`. The generator reads the indexes at build
    /// time, so this decodes no index and no file's text: what the ownership panel's first open costs.
    package static let referenceModifiers: [String: String] = Dictionary(
        embeddedReferences.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: "\t")
            return fields.count == 2 ? (String(fields[0]), String(fields[1])) : nil
        }, uniquingKeysWith: { first, _ in first })

    private static let byFileID: [String: SourceFile] = Dictionary(
        files.map { ($0.fileID, $0) }, uniquingKeysWith: { first, _ in first })

    /// The file a trace event's `#fileID` names, e.g. `MVP/GreetingPresenter.swift`.
    package static func file(fileID: String) -> SourceFile? {
        byFileID[fileID]
    }

    /// The file at a repository path, e.g. `Sources/Data/Model/Person.swift`.
    package static func file(path: String) -> SourceFile? {
        files.first { $0.path == path }
    }
}

extension SourceCatalog {
    /// The embedded test fixtures under `folder` (`Tests/Fixtures/Metrics/`), each relocated to the
    /// path it stands for inside the folder (`Sources/Patterns/MVP/…`, module `MVP`), with the index
    /// the build made of it. Fixtures are Swift files no target compiles, embedded as module `Fixtures`.
    package static func fixtures(under folder: String) -> [SourceFile] {
        files.filter { $0.module == "Fixtures" && $0.path.hasPrefix(folder) }.map { file in
            let path = String(file.path.dropFirst(folder.count))
            let parts = path.split(separator: "/")
            let module = parts.first == "Sources" && parts.count > 2 ? parts[2] : parts.dropFirst().first ?? "Fixtures"
            return file.relocated(to: path, module: String(module))
        }
    }
}
