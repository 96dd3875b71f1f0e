/// One file of a patch in `git diff`'s unified format: where it is, what its hunks add and remove.
package struct PatchedFile: Sendable, Equatable {
    /// The file's path from the repository's root (`Sources/Patterns/MVP/Greeting/GreetingPresenter.swift`).
    package var path: String
    package var isNew: Bool
    package var isDeleted: Bool
    package var hunks: [Hunk]

    /// A run of changed lines and the context around them.
    package struct Hunk: Sendable, Equatable {
        /// The first line of the hunk in the file before the change (1-based; 0 for a new file).
        package var oldStart: Int
        /// The lines of the file before the change that the hunk covers.
        package var oldCount: Int
        package var added: [String]
        package var removed: [String]
        /// The lines of the file before the change that were removed, by number.
        package var removedLines: [Int]
        /// Where, in the file before the change, the added lines go (the old line they follow).
        package var insertionPoints: [Int]
    }

    package var added: Int { hunks.reduce(0) { $0 + $1.added.count } }
    package var removed: Int { hunks.reduce(0) { $0 + $1.removed.count } }
    /// The lines of the file before the change that the change touches: removed lines, and the
    /// lines new ones were inserted after.
    package var touchedOldLines: [Int] { hunks.flatMap { $0.removedLines + $0.insertionPoints } }
}

/// Reads `git diff` output. Only what the figures need: paths, new and deleted files, hunk lines.
package enum UnifiedDiff {
    package struct Failure: Error, Equatable, CustomStringConvertible {
        package var line: Int
        package var problem: String
        package var description: String { "line \(line): \(problem)" }
    }

    package static func parse(_ text: String) throws(Failure) -> [PatchedFile] {
        var files: [PatchedFile] = []
        var oldLine = 0
        var newLine = 0
        for (offset, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.hasSuffix("\r") ? raw.dropLast() : raw
            if line.hasPrefix("diff --git ") {
                // `diff --git a/X b/X`: the b side names the file (both the same but for renames).
                let words = line.split(separator: " ")
                guard let last = words.last, last.hasPrefix("b/") else {
                    throw Failure(line: offset + 1, problem: "a diff header without a b/ path")
                }
                files.append(PatchedFile(path: String(last.dropFirst(2)), isNew: false, isDeleted: false, hunks: []))
            } else if line.hasPrefix("new file mode") {
                files[files.count - 1].isNew = true
            } else if line.hasPrefix("deleted file mode") {
                files[files.count - 1].isDeleted = true
            } else if line.hasPrefix("@@ ") {
                guard !files.isEmpty, let header = hunkHeader(line) else {
                    throw Failure(line: offset + 1, problem: "a hunk header that is not @@ -a,b +c,d @@")
                }
                files[files.count - 1].hunks.append(PatchedFile.Hunk(oldStart: header.old, oldCount: header.oldCount,
                                                                     added: [], removed: [], removedLines: [], insertionPoints: []))
                oldLine = header.old
                newLine = header.new
            } else if var file = files.last, var hunk = file.hunks.last, !line.hasPrefix("--- "), !line.hasPrefix("+++ ") {
                switch line.first {
                case "+":
                    hunk.added.append(String(line.dropFirst()))
                    hunk.insertionPoints.append(max(0, oldLine - 1))
                    newLine += 1
                case "-":
                    hunk.removed.append(String(line.dropFirst()))
                    hunk.removedLines.append(oldLine)
                    oldLine += 1
                case " ":
                    oldLine += 1
                    newLine += 1
                default: continue  // `\ No newline at end of file`, a blank line between files
                }
                file.hunks[file.hunks.count - 1] = hunk
                files[files.count - 1] = file
            }
        }
        return files
    }

    /// `@@ -12,7 +12,9 @@ context` → (12, 7, 12); a count left out is 1.
    private static func hunkHeader(_ line: Substring) -> (old: Int, oldCount: Int, new: Int)? {
        let parts = line.split(separator: " ")
        guard parts.count >= 3, parts[1].hasPrefix("-"), parts[2].hasPrefix("+") else { return nil }
        func range(_ part: Substring) -> (Int, Int)? {
            let numbers = part.dropFirst().split(separator: ",", omittingEmptySubsequences: false)
            guard let start = Int(numbers[0]) else { return nil }
            guard numbers.count > 1 else { return (start, 1) }
            return Int(numbers[1]).map { (start, $0) }
        }
        guard let old = range(parts[1]), let new = range(parts[2]) else { return nil }
        return (old.0, old.1, new.0)
    }
}
