/// One Swift file of mvx as it was when the binary was built.
public struct SourceFile: Sendable, Hashable {
    /// The module the file belongs to, as `#fileID` spells it (`MVP`, `mvx_bench`).
    public let module: String
    /// The path inside the repository, e.g. `Sources/Patterns/MVP/Greeting/GreetingPresenter.swift`.
    public let path: String
    /// The file's text.
    public let text: String

    public init(module: String, path: String, text: String) {
        self.module = module
        self.path = path
        self.text = text
    }

    /// The file's name, e.g. `GreetingPresenter.swift`.
    public var name: String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// `MVP/GreetingPresenter.swift`: what `#fileID` records in a trace event.
    public var fileID: String { "\(module)/\(name)" }

    /// True for files of the test targets.
    public var isTest: Bool { path.hasPrefix("Tests/") }

    /// The file's lines, without their line breaks (line N is `lines[N - 1]`).
    public var lines: [Substring] {
        text.split(separator: "\n", omittingEmptySubsequences: false)
    }
}
