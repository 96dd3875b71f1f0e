// Writes the Swift file that embeds the project's sources and their index (see SourceCatalogPlugin).
// Arguments: OUTPUT, then triples of MODULE RELATIVE-PATH ABSOLUTE-PATH.
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
guard let outputPath = arguments.first, (arguments.count - 1) % 3 == 0 else {
    FileHandle.standardError.write(Data("usage: SourceCatalogGenerator OUTPUT [MODULE PATH ABSOLUTE-PATH]...\n".utf8))
    exit(2)
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("SourceCatalogGenerator: \(message)\n".utf8))
    exit(1)
}

// One line a file: MODULE, PATH, the text and its index (JSON), the last two in base64, tab-separated.
// One string literal, not an array of structs: the compiler type-checks a literal of many structs
// slowly, and the index is decoded only when it is read.
let encoder = JSONEncoder()
encoder.outputFormatting = [.sortedKeys]
var records: [(path: String, line: String)] = []
for index in stride(from: 1, to: arguments.count, by: 3) {
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
    let indexJSON: Data
    do {
        indexJSON = try encoder.encode(SourceIndexer(text: String(decoding: data, as: UTF8.self)).index())
    } catch {
        fail("cannot encode the index of \(path): \(error)")
    }
    records.append((path, [module, path, data.base64EncodedString(), indexJSON.base64EncodedString()].joined(separator: "\t")))
}
records.sort { $0.path < $1.path }

let swift = """
    // Generated at build time by SourceCatalogGenerator from the package's sources. Do not edit.

    extension SourceCatalog {
        static let embedded = \"\"\"
    \(records.map(\.line).joined(separator: "\n"))
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
