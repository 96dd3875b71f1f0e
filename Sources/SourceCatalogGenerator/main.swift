// Writes the Swift file that embeds the project's sources (see SourceCatalogPlugin).
// Arguments: OUTPUT, then triples of MODULE RELATIVE-PATH ABSOLUTE-PATH.
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
guard let outputPath = arguments.first, (arguments.count - 1) % 3 == 0 else {
    FileHandle.standardError.write(Data("usage: SourceCatalogGenerator OUTPUT [MODULE PATH ABSOLUTE-PATH]...\n".utf8))
    exit(2)
}

/// A Swift string literal of `text`, escaped so any content survives.
func literal(_ text: String) -> String {
    var escaped = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\\": escaped += "\\\\"
        case "\"": escaped += "\\\""
        default: escaped.unicodeScalars.append(scalar)
        }
    }
    return escaped + "\""
}

var entries: [(module: String, path: String, contents: String)] = []
for index in stride(from: 1, to: arguments.count, by: 3) {
    let data: Data
    do {
        data = try Data(contentsOf: URL(fileURLWithPath: arguments[index + 2]))
    } catch {
        FileHandle.standardError.write(Data("SourceCatalogGenerator: cannot read \(arguments[index + 2]): \(error)\n".utf8))
        exit(1)
    }
    // Base64 keeps the literal on one line whatever the file holds (quotes, backslashes, raw strings).
    entries.append((arguments[index], arguments[index + 1], data.base64EncodedString()))
}
entries.sort { $0.path < $1.path }

var swift = """
    // Generated at build time by SourceCatalogGenerator from the package's sources. Do not edit.

    extension SourceCatalog {
        static let embedded: [EmbeddedSource] = [

    """
for entry in entries {
    swift += "        EmbeddedSource(module: \(literal(entry.module)), path: \(literal(entry.path)), base64: \(literal(entry.contents))),\n"
}
swift += "    ]\n}\n"

do {
    let url = URL(fileURLWithPath: outputPath)
    // Rewriting identical bytes would make the build recompile the catalogue for nothing.
    if (try? Data(contentsOf: url)) != Data(swift.utf8) {
        try Data(swift.utf8).write(to: url, options: .atomic)
    }
} catch {
    FileHandle.standardError.write(Data("SourceCatalogGenerator: cannot write \(outputPath): \(error)\n".utf8))
    exit(1)
}
