import Foundation

/// The project's own Swift sources, embedded into the binary at build time by the
/// `SourceCatalogPlugin` build tool: what the source pane shows and the metrics count.
public enum SourceCatalog {
    /// Every embedded file, sorted by path.
    public static let files: [SourceFile] = embedded.map { entry in
        let bytes = Data(base64Encoded: entry.base64) ?? Data()
        return SourceFile(module: entry.module, path: entry.path, text: String(decoding: bytes, as: UTF8.self))
    }

    private static let byFileID: [String: SourceFile] = Dictionary(
        files.map { ($0.fileID, $0) }, uniquingKeysWith: { first, _ in first })

    /// The file a trace event's `#fileID` names, e.g. `MVP/GreetingPresenter.swift`.
    public static func file(fileID: String) -> SourceFile? {
        byFileID[fileID]
    }

    /// The file at a repository path, e.g. `Sources/Model/Person.swift`.
    public static func file(path: String) -> SourceFile? {
        files.first { $0.path == path }
    }
}

/// One file as the generator writes it: base64, so any content fits on one line of Swift.
struct EmbeddedSource {
    let module: String
    let path: String
    let base64: String
}
