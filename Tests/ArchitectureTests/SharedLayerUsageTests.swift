import Foundation
import Testing

/// A fair comparison holds everything but the pattern constant: each pattern module uses exactly
/// the same things from the layers below it (model, network, reformers and the model-layer
/// services). A pattern that drove the network managers itself, or got a code path the others get
/// from shared code, would show here as a name only it uses.
@Suite("Architecture: the four patterns use the same shared layers")
struct SharedLayerUsageTests {
    /// The layers below the pattern modules whose names are compared.
    static let sharedLayers = ["Model", "Networking", "ModelServices"]

    /// The one chosen difference: the reformer. MVC, MVP and MVVM read the rows the view shows
    /// (`PropertyListReformer`, keyed by `PropertyListKey`); VIPER's interactor reads entities
    /// (`ListingReformer`) and its presenter formats them (`ListingKind`, `Price`).
    static let reformerChoice: [String: Set<String>] = [
        "MVC": ["PropertyListReformer", "PropertyListKey"], "MVP": ["PropertyListReformer", "PropertyListKey"],
        "MVVM": ["PropertyListReformer", "PropertyListKey"], "VIPER": ["ListingReformer", "ListingKind", "Price"],
    ]

    @Test("every pattern module names the same types and functions of the model and network layers, but the reformer it chose")
    func sameSharedNames() throws {
        var usage = try SharedLayerUsage.measure()
        for (pattern, chosen) in Self.reformerChoice {
            #expect(chosen.isSubset(of: usage[pattern] ?? []), "\(pattern) reads its listings through \(chosen.sorted())")
            usage[pattern]?.subtract(Self.reformerChoice.values.joined())
            // The detail's `Listing`: spelled as a type where a role passes it to a method of its
            // own, read as `detail.listing` where it does not; the same data either way.
            usage[pattern]?.remove("Listing")
        }
        let all = usage.values.reduce(into: Set<String>()) { $0.formUnion($1) }
        for pattern in ArchitectureTests.patterns {
            let used = usage[pattern] ?? []
            let others = ArchitectureTests.patterns.filter { $0 != pattern }
            let onlyHere = used.filter { name in others.contains { usage[$0]?.contains(name) != true } }
            #expect(used == all, """
                \(pattern) lacks \(all.subtracting(used).sorted()), which another pattern uses; \
                of its own names, \(onlyHere.sorted()) are not used by every other pattern
                """)
        }
    }

    @Test("a pattern that names a network manager itself is caught")
    func catchesAnExtraName() {
        let shared: Set<String> = ["PagedDataManaging", "PersonManager", "AppState", "fetchData", "refresh"]
        let names = SharedLayerUsage.names(in: """
            // PersonManager in a comment does not count, nor "PersonManager" in a string.
            let manager: any PagedDataManaging = make(PersonManager.self, fetchData: 1)
            manager.refresh()
            """, among: shared)
        #expect(names == ["PagedDataManaging", "PersonManager", "refresh"])
    }
}

/// The names each pattern module uses from the shared layers below it.
enum SharedLayerUsage {
    static func measure() throws -> [String: Set<String>] {
        let graph = try PackageGraph.load()
        var declared = Set<String>()
        for file in try graph.swiftFiles(of: SharedLayerUsageTests.sharedLayers) {
            declared.formUnion(sharedDeclarations(in: file.text))
        }
        // A name a pattern declares itself (`refresh`, `listings`) says nothing about the layers below.
        let patternFiles = try graph.swiftFiles(of: ArchitectureTests.patterns)
        for file in patternFiles {
            declared.subtract(patternDeclarations(in: file.text))
        }
        var usage: [String: Set<String>] = [:]
        for file in patternFiles {
            usage[file.target, default: []].formUnion(names(in: file.text, among: declared))
        }
        return usage
    }

    /// The types a shared layer declares, and its public functions: what a module above can name.
    static func sharedDeclarations(in source: String) -> Set<String> {
        let types = source.matches(of: #/\b(?:class|struct|enum|protocol|actor|typealias)\s+([A-Z][A-Za-z0-9_]*)/#)
        let functions = source.matches(of: #/\bpublic\s+(?:static\s+)?func\s+([a-z][A-Za-z0-9_]*)/#)
        return Set(types.map { String($0.output.1) } + functions.map { String($0.output.1) })
    }

    /// Shared-layer members that the standard library's types also have (`Array.removeAll()`).
    static let standardLibraryNames: Set<String> = ["removeAll"]

    /// Every name a pattern file declares.
    static func patternDeclarations(in source: String) -> Set<String> {
        let pattern = #/\b(?:class|struct|enum|protocol|actor|typealias|func|var|let|case)\s+([A-Za-z_][A-Za-z0-9_]*)/#
        return Set(source.matches(of: pattern).map { String($0.output.1) })
    }

    /// The identifiers of `source` (comments and string literals left out) that are in `shared`.
    static func names(in source: String, among shared: Set<String>) -> Set<String> {
        let code = source
            .replacing(#/\/\*[\s\S]*?\*\//#, with: " ")
            .replacing(#/\/\/[^\n]*/#, with: " ")
            .replacing(#/"(?:[^"\\\n]|\\.)*"/#, with: "\"\"")
        // Types count wherever they are named; functions only as members (`feed.refresh()`), so an
        // argument label such as `of` in `showDetail(of:)` is not taken for `ListingSchema.of`.
        var names = Set<String>()
        for match in code.matches(of: #/[A-Za-z_][A-Za-z0-9_]*/#) {
            let name = String(match.output)
            guard shared.contains(name), !standardLibraryNames.contains(name) else { continue }
            let isMember = match.range.lowerBound > code.startIndex && code[code.index(before: match.range.lowerBound)] == "."
            if name.first!.isUppercase || isMember { names.insert(name) }
        }
        return names
    }
}
