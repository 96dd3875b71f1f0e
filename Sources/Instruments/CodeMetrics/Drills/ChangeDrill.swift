import PatternVocabulary
import SourceCatalog

/// A change request made the way a good engineer in each pattern would make it, kept as patches
/// that `make test` applies, builds and checks (`Drills/<name>/`, docs/drills.md).
package struct ChangeDrill: Sendable, Equatable {
    /// The folder's name: `greeting-time-of-day`.
    package var name: String
    /// The request's title (`request.md`'s `# ` line).
    package var title: String
    /// The request in our words: what is asked and why it is a good test of a pattern.
    package var request: String
    /// The roles a reader would expect the change to touch, per pattern (`expected:` in request.md).
    package var expected: [PatternID: [Role]]
    /// What the change needs outside the pattern modules, the same for every pattern.
    package var shared: [PatchedFile]
    /// Each pattern's own change (an empty list: none was needed).
    package var patches: [PatternID: [PatchedFile]]
    /// The diff text of each patch as kept (`shared` under nil), for showing.
    package var patchTexts: [PatternID?: String]

    package struct Failure: Error, Equatable, CustomStringConvertible {
        package var file: String
        package var problem: String
        package var description: String { "\(file): \(problem)" }

        package init(file: String, problem: String) {
            self.file = file
            self.problem = problem
        }
    }

    /// A drill from its files' texts: `request.md`, and `<pattern>.patch` / `shared.patch` (a missing
    /// pattern patch is refused; an empty one means the pattern needed no change).
    package init(name: String, files: [String: String]) throws(Failure) {
        self.name = name
        guard let request = files["request.md"] else { throw Failure(file: "request.md", problem: "missing") }
        let lines = request.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let titleLine = lines.first(where: { $0.hasPrefix("# ") }) else {
            throw Failure(file: "request.md", problem: "no '# ' title line")
        }
        title = String(titleLine.dropFirst(2))
        let expectedLine = lines.first { $0.hasPrefix("expected:") }
        self.request = lines.filter { $0 != titleLine && $0 != expectedLine }
            .joined(separator: "\n").trimmingBlankLines
        expected = try Self.expectedRoles(expectedLine.map { String($0.dropFirst("expected:".count)) } ?? "")
        func parse(_ file: String) throws(Failure) -> [PatchedFile] {
            do {
                return try UnifiedDiff.parse(files[file] ?? "")
            } catch {
                throw Failure(file: file, problem: error.description)
            }
        }
        shared = try parse("shared.patch")
        var patches: [PatternID: [PatchedFile]] = [:]
        var texts: [PatternID?: String] = [nil: files["shared.patch"] ?? ""]
        for pattern in PatternID.allCases {
            let file = "\(pattern.argument).patch"
            guard files[file] != nil else { throw Failure(file: file, problem: "missing (an empty file says no change was needed)") }
            patches[pattern] = try parse(file)
            texts[pattern] = files[file]
            for changed in patches[pattern] ?? [] where !changed.path.hasPrefix(pattern.sourceFolder) && !changed.path.hasPrefix(pattern.testFolder) {
                throw Failure(file: file, problem: "\(changed.path) is outside \(pattern.sourceFolder) and \(pattern.testFolder)")
            }
        }
        self.patches = patches
        patchTexts = texts
    }

    /// `MVC Controller; MVP Presenter; MVVM ViewModel; VIPER Interactor, Presenter`.
    private static func expectedRoles(_ text: String) throws(Failure) -> [PatternID: [Role]] {
        var result: [PatternID: [Role]] = [:]
        for part in text.split(separator: ";") {
            let words = part.split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
            guard let first = words.first else { continue }
            guard let pattern = PatternID.allCases.first(where: { $0.name.lowercased() == first.lowercased() }) else {
                throw Failure(file: "request.md", problem: "expected: '\(first)' is not a pattern")
            }
            var roles: [Role] = []
            for word in words.dropFirst() {
                guard let role = Role.allCases.first(where: { $0.rawValue.lowercased() == word.lowercased() }) else {
                    throw Failure(file: "request.md", problem: "expected: '\(word)' is not a role")
                }
                roles.append(role)
            }
            result[pattern] = roles
        }
        return result
    }
}

extension String {
    /// Without blank lines at either end.
    var trimmingBlankLines: String {
        var lines = split(separator: "\n", omittingEmptySubsequences: false)
        while let first = lines.first, first.allSatisfy(\.isWhitespace) { lines.removeFirst() }
        while let last = lines.last, last.allSatisfy(\.isWhitespace) { lines.removeLast() }
        return lines.joined(separator: "\n")
    }
}

extension ChangeDrill {
    /// The drills built into this binary (`Drills/<drill>/…`, embedded with the sources), by name.
    /// A drill whose files do not read is reported, never skipped.
    package static func embedded(_ files: [SourceFile] = SourceCatalog.drillFiles) -> (drills: [ChangeDrill], failures: [Failure]) {
        var folders: [String: [String: String]] = [:]
        for file in files {
            let parts = file.path.split(separator: "/")
            guard parts.count == 3, parts[0] == "Drills" else { continue }
            folders[String(parts[1]), default: [:]][String(parts[2])] = file.text
        }
        var drills: [ChangeDrill] = []
        var failures: [Failure] = []
        for (name, texts) in folders.sorted(by: { $0.key < $1.key }) {
            do {
                drills.append(try ChangeDrill(name: name, files: texts))
            } catch {
                failures.append(Failure(file: "Drills/\(name)/\(error.file)", problem: error.problem))
            }
        }
        return (drills, failures)
    }
}
