#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SourceIndex

/// One Swift file of mvx as it was when the binary was built, with its index.
package struct SourceFile: Sendable, Hashable {
    /// The module the file belongs to, as `#fileID` spells it (`MVP`, `mvx_bench`).
    package let module: String
    /// The path inside the repository, e.g. `Sources/Patterns/MVP/Greeting/GreetingPresenter.swift`.
    package let path: String
    /// The file's text.
    package let text: String
    /// The index as the generator embedded it (base64 of JSON), decoded only when read.
    private let encodedIndex: String

    init(module: String, path: String, text: String, encodedIndex: String) {
        self.module = module
        self.path = path
        self.text = text
        self.encodedIndex = encodedIndex
    }

    /// The same file under another path and module: how tests lay fixture files out as pattern code.
    package func relocated(to path: String, module: String) -> SourceFile {
        SourceFile(module: module, path: path, text: text, encodedIndex: encodedIndex)
    }

    /// Whether the build found an index made from this very text in `source-index.tsv`; when it
    /// did not (the index is stale: `make index`), `index` is empty and a test fails.
    package var isIndexed: Bool { !encodedIndex.isEmpty }

    /// What swift-syntax found in the file (`SourceIndexer`, run by `make index`), as the build
    /// embedded it. Decoded on each call: keep the value.
    package var index: FileIndex {
        FileIndex(json: Data(base64Encoded: encodedIndex) ?? Data())
    }

    /// The file's name, e.g. `GreetingPresenter.swift`.
    package var name: String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// `MVP/GreetingPresenter.swift`: what `#fileID` records in a trace event.
    package var fileID: String { "\(module)/\(name)" }

    /// True for files of the test targets.
    package var isTest: Bool { path.hasPrefix("Tests/") }

    /// The file's lines, without their line breaks (line N is `lines[N - 1]`).
    package var lines: [Substring] {
        text.split(separator: "\n", omittingEmptySubsequences: false)
    }
}
