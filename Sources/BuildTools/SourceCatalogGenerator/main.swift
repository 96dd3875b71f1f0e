// Writes the Swift file that embeds the project's sources and their index (see SourceCatalogPlugin).
// Arguments: OUTPUT INDEX, then triples of MODULE RELATIVE-PATH ABSOLUTE-PATH. INDEX is
// source-index.tsv, which SourceIndexer writes with swift-syntax; this tool only joins the two, so
// the build never compiles a parser.
import Foundation
import SourceIndex

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 2, (arguments.count - 2) % 3 == 0 else {
    FileHandle.standardError.write(Data("usage: SourceCatalogGenerator OUTPUT INDEX [MODULE PATH ABSOLUTE-PATH]...\n".utf8))
    exit(2)
}
let outputPath = arguments[0], indexPath = arguments[1]

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("SourceCatalogGenerator: \(message)\n".utf8))
    exit(1)
}

// PATH → (hash, index): an entry counts only for the exact text it was made from.
var indexed: [Substring: (hash: Substring, index: Substring)] = [:]
let indexText = (try? String(contentsOfFile: indexPath, encoding: .utf8)) ?? ""
for line in indexText.split(separator: "\n") {
    let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
    if fields.count == 3 { indexed[fields[0]] = (fields[1], fields[2]) }
}

// One line a file: MODULE, PATH, the text (base64) and its index (base64 of JSON; empty when the
// index is stale for it), tab-separated. One string literal, not an array of structs: the compiler
// type-checks a literal of many structs slowly, and the index is decoded only when it is read.
var records: [(path: String, line: String)] = []
var stale: [String] = []
// Every stored weak or unowned instance property of the sources, `Module.Type.property<TAB>weak`:
// the ownership panel reads reference strengths from here instead of decoding every file's index.
var references: [String] = []
for index in stride(from: 2, to: arguments.count, by: 3) {
    let module = arguments[index], path = arguments[index + 1]
    guard !(module + path).contains(where: { $0 == "\t" || $0 == "\n" || $0 == "\"" || $0 == "\\" }) else {
        fail("cannot embed a path or module with a tab, line break, quote or backslash: \(path)")
    }
    let data: Data
    do {
        data = try Data(contentsOf: URL(fileURLWithPath: arguments[index + 2]))
    } catch {
        fail("cannot read \(arguments[index + 2]): \(error)")
    }
    var fileIndex = ""
    if module == "Drills" {
        // A drill's text files: embedded as they are, with no index to be stale.
    } else if let entry = indexed[Substring(path)], entry.hash == ContentHash.of(data) {
        fileIndex = Data(entry.index.utf8).base64EncodedString()
        if path.hasPrefix("Sources/") {
            let decoded = FileIndex(json: Data(entry.index.utf8))
            for declaration in decoded.declarations where declaration.isStoredInstanceProperty {
                let modifier = declaration.modifiers.contains("weak") ? "weak"
                    : declaration.modifiers.contains(where: { $0.hasPrefix("unowned") }) ? "unowned" : nil
                guard let modifier, let owner = decoded.parent(of: declaration) else { continue }
                references.append("\(module).\(owner.name).\(declaration.name)\t\(modifier)")
            }
        }
    } else {
        stale.append(path)
    }
    records.append((path, [module, path, data.base64EncodedString(), fileIndex].joined(separator: "\t")))
}
records.sort { $0.path < $1.path }
if !stale.isEmpty {
    // The build goes on (the files are embedded without an index); the catalogue's test fails.
    FileHandle.standardError.write(Data("warning: source-index.tsv is stale for \(stale.count) file(s), e.g. \(stale[0]): run `make index`\n".utf8))
}

let swift = """
    // Generated at build time by SourceCatalogGenerator from the package's sources. Do not edit.

    extension SourceCatalog {
        static let embedded = \"\"\"
    \(records.map(\.line).joined(separator: "\n"))
    \"\"\"

        static let embeddedReferences = \"\"\"
    \(references.sorted().joined(separator: "\n"))
    \"\"\"
    }

    """

do {
    let url = URL(fileURLWithPath: outputPath)
    // Rewriting identical bytes would make the build recompile the catalogue for nothing.
    if (try? Data(contentsOf: url)) != Data(swift.utf8) {
        try Data(swift.utf8).write(to: url, options: .atomic)
    }
} catch {
    fail("cannot write \(outputPath): \(error)")
}
