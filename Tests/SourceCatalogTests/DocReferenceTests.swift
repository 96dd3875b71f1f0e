import Foundation
import SourceCatalog
import Testing

/// The docs name types and methods in backticks (`GreetingPresenter`, `loadNextPage()`,
/// `AppState.person`). Each such name must exist in the code the binary was built from, so a doc
/// cannot go on describing a method that was renamed or removed. The names come from the index the
/// build embeds (swift-syntax's parse of every file), not from a text search.
@Suite("Docs name only code that exists")
struct DocReferenceTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The documents whose code references are checked. (`docs/comparison.md` is generated from the
    /// code; `docs/spec.md` names what the screens show, in backticks too.)
    static let documents = ["README.md", "docs/architecture.md"]
        + ["mvc", "mvp", "mvvm", "viper"].map { "docs/patterns/\($0).md" }

    /// Names in backticks that are not declarations of ours, each with the reason it may appear.
    static let outside: [String: String] = [
        // UIKit, Swift and the libraries, named where the docs compare with iOS or explain a choice.
        "UIView": "UIKit", "UIViewController": "UIKit", "Task": "Swift", "Sendable": "Swift", "Data": "Foundation",
        "withObservationTracking": "Observation", "willSet": "Swift", "didSet": "Swift", "Mirror": "Swift",
        "TestClock": "swift-clocks", "ImmediateClock": "swift-clocks", "Observable": "Observation and ours",
        // objc.io's VIPER example, whose app-wide dependencies object the VIPER builders mirror.
        "VTDAppDependencies": "objc.io issue 13",
        // Keys, as the key bar and the help spell them.
        "Esc": "key", "Tab": "key", "Enter": "key", "PgUp": "key", "PgDn": "key", "Home": "key", "End": "key",
        "Space": "key", "Backspace": "key", "T": "key", "S": "key", "D": "key",
        // SwiftPM's resource rule that embeds the tour and the cards in the binary.
        "embedInCode": "SwiftPM",
        // A role, as the trace pane names it (MVVM's binding).
        "Binding": "role",
        // A terminfo capability (bracketed paste).
        "BE": "terminfo",
    ]

    @Test("every type and method named in a doc is declared in the code", arguments: documents)
    func referencesExist(document: String) throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent(document), encoding: .utf8)
        let unknown = DocReferences.references(in: text).filter { !DocReferences.resolves($0, outside: Self.outside) }
        #expect(unknown.isEmpty, "\(document) names code that does not exist: \(unknown.joined(separator: ", "))")
    }

    @Test("a renamed method or a missing type is caught")
    func catchesStaleNames() {
        let stale = """
            The presenter calls `GreetingPresenter.reloadEverything()` and `NoSuchType`, writes back in \
            `viewWillVanish`; `viewDidLoad()`, `weak`, `first_name` and `Sources/Data/Model/Person.swift` are fine.
            """
        let unknown = DocReferences.references(in: stale).filter { !DocReferences.resolves($0, outside: Self.outside) }
        #expect(unknown == ["GreetingPresenter.reloadEverything()", "NoSuchType", "viewWillVanish"])
    }
}

/// Finds code references in Markdown and resolves them against the declarations of the catalogue.
enum DocReferences {
    /// Backticked spans shaped like a type (`Name`), a member (`Type.member`, `Type.method(_:)`), a
    /// method (`name()`, `name(_:in:)`) or a camel-case property (`selectedListingID`). Paths,
    /// commands, one-word keywords (`weak`) and snake-case JSON keys are not.
    static func references(in markdown: String) -> [String] {
        let pattern = #/`((?:[A-Z][A-Za-z0-9]*)(?:\.[a-zA-Z][A-Za-z0-9]*(?:\([A-Za-z_:]*\))?)?|[a-z][A-Za-z0-9]*\([A-Za-z_:]*\)|[a-z]+[A-Z][A-Za-z0-9]*)`/#
        let fileExtensions = [".swift", ".md", ".json", ".txt"]
        var seen = Set<String>()
        return markdown.matches(of: pattern).map { String($0.output.1) }
            .filter { reference in !fileExtensions.contains { reference.hasSuffix($0) } }
            .filter { seen.insert($0).inserted }
    }

    static func resolves(_ reference: String, outside: [String: String]) -> Bool {
        let parts = reference.split(separator: ".", maxSplits: 1).map(String.init)
        // `Task.immediate`: a member of a type from outside is outside too.
        if outside[parts[0]] != nil { return true }
        return parts.allSatisfy { part in
            let name = String(part.prefix { $0 != "(" })
            return outside[name] != nil || moduleNames.contains(name) || declaredNames.contains(name)
        }
    }

    /// The project's targets (the C ones and the plugin too), as Package.swift names them.
    static let moduleNames: Set<String> = {
        let manifest = (try? String(contentsOf: DocReferenceTests.root.appendingPathComponent("Package.swift"),
                                    encoding: .utf8)) ?? ""
        return Set(manifest.matches(of: #/name: "([A-Za-z0-9_]+)"/#).map { String($0.output.1) })
    }()

    /// Every name our Swift files declare (types, functions, properties, cases), as the build-time
    /// swift-syntax index records them.
    static let declaredNames: Set<String> = Set(SourceCatalog.files.flatMap { $0.index.declarations.map(\.name) })
}
