#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import SafeFiles

/// How far a learner got in one tour: the step on show and the steps done. Kept per tour file in
/// the data folder (`TourProgressStore`), so `mvx tour` resumes where the learner left.
package struct TourProgress: Equatable, Sendable {
    /// The step on show, from 0.
    package var step: Int
    /// The steps whose expectation the trace has shown, from 0.
    package var done: Set<Int>

    package init(step: Int = 0, done: Set<Int> = []) {
        self.step = step
        self.done = done
    }

    private static let header = "mvx tour progress 1"

    /// The file's text: a header, the step on show and the steps done, numbered from 1.
    package var encoded: String {
        Self.header + "\nstep \(step + 1)\ndone" + done.sorted().map { " \($0 + 1)" }.joined() + "\n"
    }

    /// The progress in `bytes` for a tour of `stepCount` steps; nil when the file is not one mvx
    /// wrote (then the tour starts again from its first step, as on a first start).
    package static func decode(_ bytes: [UInt8], stepCount: Int) -> TourProgress? {
        guard let text = String(validating: bytes, as: UTF8.self) else { return nil }
        let lines = text.split(separator: "\n").map(String.init)
        guard lines.count == 3, lines[0] == header, lines[1].hasPrefix("step "), lines[2].hasPrefix("done"),
              let step = Int(lines[1].dropFirst(5)) else { return nil }
        let numbers = lines[2].dropFirst(4).split(separator: " ").map { Int($0) }
        guard numbers.allSatisfy({ $0 != nil }) else { return nil }
        // A tour edited since has other steps: what no longer exists is dropped.
        let valid = 1...max(1, stepCount)
        return TourProgress(step: min(max(step, 1), valid.upperBound) - 1,
                            done: Set(numbers.compactMap { $0 }.filter { valid.contains($0) && $0 <= stepCount }.map { $0 - 1 }))
    }
}

/// Where one tour's progress is kept: `$XDG_DATA_HOME/mvx/tour/NAME.progress`, else
/// `~/.local/share/mvx/tour/NAME.progress` (the folder `w` saves sessions beside), one file per
/// tour file. A missing or unreadable file is no progress; nothing here ever stops the app.
package struct TourProgressStore: Sendable {
    /// The folder; nil when there is none (no HOME): progress is then not kept.
    package var folder: String?
    /// The file's name in the folder.
    package var name: String

    /// The byte limit of a progress file read back (it holds three short lines).
    static let byteLimit = 4096

    package init(folder: String?, name: String) {
        self.folder = folder
        self.name = name
    }

    /// The store of the tour read from `tourPath` (nil: the tour mvx ships) under `environment`'s folders.
    package init(tourPath: String?, environment: [String: String]) {
        self.init(folder: Self.defaultFolder(environment: environment), name: Self.fileName(tourPath: tourPath))
    }

    /// `$XDG_DATA_HOME/mvx/tour`, else `~/.local/share/mvx/tour`: the same rules as the sessions folder.
    package static func defaultFolder(environment: [String: String]) -> String? {
        let base: String
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            base = data
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            base = (home.hasSuffix("/") ? String(home.dropLast()) : home) + "/.local/share"
        } else {
            return nil
        }
        return (base.hasSuffix("/") ? String(base.dropLast()) : base) + "/mvx/tour"
    }

    /// `shipped.progress` for the tour mvx ships; for a file, its name's letters and digits and a
    /// hash of its absolute path, so two teachers' `lesson.tour` in two folders keep apart.
    package static func fileName(tourPath: String?) -> String {
        guard let tourPath else { return "shipped.progress" }
        let absolute = tourPath.hasPrefix("/") ? tourPath : currentDirectory() + "/" + tourPath
        let last = absolute.split(separator: "/").last.map(String.init) ?? "tour"
        let stem = String(last.unicodeScalars.prefix(40).map { scalar -> Character in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-" || scalar == "_")
                ? Character(scalar) : "_"
        })
        // FNV-1a over the path's bytes: stable across runs and platforms, unlike `hashValue`.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in SafePath.bytes(absolute) { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let hex = String(hash, radix: 16)
        return stem + "-" + String(repeating: "0", count: 16 - hex.count) + hex + ".progress"
    }

    /// The file's path, for messages.
    package var path: String? { folder.map { $0 + "/" + name } }

    /// Whether any progress was kept for this tour: a first start has none.
    package var exists: Bool {
        guard let folder, let opened = try? SafeFolder(folder, create: false) else { return false }
        return opened.status(name) != nil
    }

    /// The kept progress for a tour of `stepCount` steps; nil when none was kept or the file is
    /// not one mvx wrote.
    package func load(stepCount: Int) -> TourProgress? {
        guard let folder, let opened = try? SafeFolder(folder, create: false),
              let bytes = try? opened.read(name, limit: Self.byteLimit) else { return nil }
        return TourProgress.decode(bytes, stepCount: stepCount)
    }

    /// Keeps `progress` (written whole, then renamed into place); the problem, if it could not be.
    @discardableResult
    package func save(_ progress: TourProgress) -> String? {
        guard let folder else { return "no folder for the tour's progress (set HOME or XDG_DATA_HOME)" }
        do {
            _ = try SafeFolder(folder, create: true).replace(name, with: Array(progress.encoded.utf8), temporary: name + ".new",
                                                           sync: false)
            return nil
        } catch {
            return "the tour's progress was not kept: \(error)"
        }
    }

    /// Forgets the progress; true when there was some.
    @discardableResult
    package func reset() -> Bool {
        guard let folder, let opened = try? SafeFolder(folder, create: false), opened.status(name) != nil else { return false }
        opened.remove(name)
        return true
    }

    private static func currentDirectory() -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return "." }
        return SafePath.string(fromBytes: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) })
    }
}
