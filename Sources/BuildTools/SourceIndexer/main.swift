// Parses every Swift file under Sources/ and Tests/ with swift-syntax and writes the index the
// build embeds: source-index.tsv at the package root, one line a file (PATH, the hash of its
// text, its index as JSON). `make index` and `make docs` write it; `make test` runs it with
// --check, which fails while the committed index is stale (as a test does too). Kept out of the
// build itself so a release build never compiles swift-syntax (see docs/architecture.md).
// Arguments: [--check] [the package root (default: the current directory)].
import Foundation
import SourceIndex

let arguments = CommandLine.arguments.dropFirst()
let checkOnly = arguments.contains("--check")
let root = URL(fileURLWithPath: arguments.first { $0 != "--check" } ?? FileManager.default.currentDirectoryPath)
let encoder = JSONEncoder()
encoder.outputFormatting = [.sortedKeys]

var lines: [String] = []
for folder in ["Sources", "Tests"] {
    let base = root.appendingPathComponent(folder)
    guard let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else { continue }
    for case let url as URL in walker where url.pathExtension == "swift" {
        let path = folder + "/" + url.standardizedFileURL.path.dropFirst(base.standardizedFileURL.path.count + 1)
        guard let data = try? Data(contentsOf: url) else {
            FileHandle.standardError.write(Data("SourceIndexer: cannot read \(path)\n".utf8))
            exit(1)
        }
        let index = SourceIndexer(text: String(decoding: data, as: UTF8.self)).index()
        guard let json = try? encoder.encode(index) else { exit(1) }
        // Compact JSON has no raw tab or line break, so it stays on its line; plain, so a diff is readable.
        lines.append([path, ContentHash.of(data), String(decoding: json, as: UTF8.self)].joined(separator: "\t"))
    }
}
lines.sort()
let output = Data((lines.joined(separator: "\n") + "\n").utf8)
let target = root.appendingPathComponent("source-index.tsv")
let committed = try? Data(contentsOf: target)
if checkOnly {
    guard committed == output else {
        let old = Set(String(decoding: committed ?? Data(), as: UTF8.self).split(separator: "\n").map(String.init))
        let stale = lines.filter { !old.contains($0) }.map { $0.prefix { $0 != "\t" } }
        let named = stale.prefix(5).joined(separator: ", ") + (stale.count > 5 ? " and \(stale.count - 5) more" : "")
        FileHandle.standardError.write(Data("""
            source-index.tsv is stale (\(stale.isEmpty ? "files were removed" : named)): \
            run `make index` and commit it.

            """.utf8))
        exit(1)
    }
    print("source-index.tsv is up to date (\(lines.count) files)")
    exit(0)
}
// Unchanged bytes are not rewritten: the build would regenerate the catalogue for nothing.
if committed != output {
    do { try output.write(to: target, options: .atomic) } catch {
        FileHandle.standardError.write(Data("SourceIndexer: cannot write \(target.path): \(error)\n".utf8))
        exit(1)
    }
    print("wrote source-index.tsv (\(lines.count) files)")
} else {
    print("source-index.tsv is up to date (\(lines.count) files)")
}
