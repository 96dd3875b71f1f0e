#if canImport(FoundationEssentials)
import FoundationEssentials
import Glibc
#else
import Foundation
#endif

/// The C `close`, named apart from `OperationLogFile.close`.
private func systemClose(_ descriptor: Int32) -> Int32 {
    close(descriptor)
}
import SafeFiles

/// The operation log on disk: an append-only file of JSON lines in a folder the app chooses.
///
///     {"format":"mvx-operation-log","version":1}      the header: anything else is a foreign file
///     {"entry":{"id":"…","action":"…","pattern":"…"}}  written before the entry can be sent
///     {"acked":["id",…]}                               written after the service took a batch
///
/// An entry is on disk before it is queued, so a kill loses none; its id is acknowledged only
/// after the reply, so a kill in between sends it again and the service drops it by id. At launch
/// the unacknowledged entries are read and the file is rewritten with only them (a temporary file
/// renamed over it), which also replaces a foreign file and drops a damaged line.
final class OperationLogFile {
    /// The file's name in its folder.
    static let name = "operation-log.jsonl"
    static let format = "mvx-operation-log"
    /// A bigger file is not read (it is not ours, or something went very wrong): it is replaced.
    static let sizeLimit = 8 << 20

    /// What launch found in the folder.
    struct Contents {
        var leftovers: [OperationLogEntry] = []
        /// Why some or all of the old file was ignored, if it was.
        var note: String?
        /// Whether the file is already what a rewrite would leave: the header, then one whole line
        /// per unsent entry, each ending in a newline (nothing acknowledged, doubled or damaged).
        var isCompact = false
    }

    let url: URL
    /// The file, open to append to: the one made at launch, or the compact one found there.
    private var descriptor: Int32
    /// Held open for the file's life: its lock keeps a second mvx from rewriting the file under this one.
    private var lock: Int32

    private init(url: URL, descriptor: Int32, lock: Int32) {
        self.url = url
        self.descriptor = descriptor
        self.lock = lock
    }

    deinit { close() }

    /// Why a folder cannot hold the log, beyond what the file system says.
    struct Failure: Error, CustomStringConvertible {
        var description: String
        /// Another mvx holds the folder's lock (the folder is fine).
        var isLocked = false
    }

    /// Reads what an earlier run left in `folder` and starts a fresh file holding just that.
    /// Throws when the folder cannot be made or written, or its lock stays held for `lockPatience`
    /// (the log then lives in memory). Every file is made through `SafeFolder`: a link planted at
    /// the log's name, its temporary's or its lock's is never followed or written through.
    static func open(in folderURL: URL, lockPatience: Duration = .zero) throws -> (OperationLogFile, Contents) {
        let folder: SafeFolder
        do {
            folder = try SafeFolder(folderURL.path, create: true)
        } catch {
            throw Failure(description: "the folder cannot be used: \(error)")
        }
        let url = folderURL.appending(path: name, directoryHint: .notDirectory)
        // One mvx per folder: the lock goes with the process, so a killed run never leaves it held.
        let lock: Int32
        do {
            lock = try folder.openLock(name + ".lock")
        } catch {
            throw Failure(description: "its lock file cannot be made: \(error)")
        }
        guard takeLock(lock, patience: lockPatience) else {
            _ = systemClose(lock)
            throw Failure(description: "another mvx is using it", isLocked: true)
        }
        var handedOver = false
        // Anything below that throws lets go of the lock again.
        defer { if !handedOver { _ = systemClose(lock) } }
        let contents = read(name, in: folder)
        // A file that already holds just the header and unsent entries is appended to as it is
        // (unless it is not ours alone: a hard link): rewriting it changed nothing but cost a
        // write and an fsync per launch.
        let descriptor: Int32
        if contents.isCompact, let kept = folder.openExistingForAppending(name) {
            descriptor = kept
        } else {
            var text = line(Line(format: format, version: 1))
            for entry in contents.leftovers { text += line(Line(entry: entry)) }
            // rename(2) is atomic: a kill leaves the old file or the new one, never half of each. The
            // new file is the one appended to from now on: its name is never opened again.
            do {
                descriptor = try folder.replace(name, with: Array(text.utf8), temporary: name + ".new", sync: true, keepOpen: true) ?? -1
            } catch {
                throw Failure(description: "it cannot be written: \(error)")
            }
        }
        handedOver = true
        return (OperationLogFile(url: url, descriptor: descriptor, lock: lock), contents)
    }

    /// The entries in the file `name` of `folder` not yet acknowledged, in the order they were written.
    static func read(_ name: String, in folder: SafeFolder) -> Contents {
        // fstatat, not FileManager's attributes: those look the owner's and group's names up too
        // (nsswitch, /etc/passwd, /etc/group), at every launch, for nothing read here.
        guard let status = folder.status(name) else { return Contents() }
        // Not followed: a link to /dev/zero or a FIFO would never end; the rename replaces the link itself.
        guard status.st_mode & S_IFMT == S_IFREG else {
            return Contents(note: "a log file that was not a regular file was replaced")
        }
        if status.st_size > sizeLimit {
            return Contents(note: "a log file of \(status.st_size) bytes was replaced")
        }
        guard let data = try? folder.read(name, limit: sizeLimit) else { return Contents(note: "an unreadable log file was replaced") }
        let lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true)
        guard let first = lines.first, let header = Line(parsing: first), header.format == format, header.version == 1
        else { return Contents(note: "a file that was not an operation log was replaced") }
        var entries: [OperationLogEntry] = []
        var seen: Set<String> = []
        var acked: Set<String> = []
        var damaged = 0
        for bytes in lines.dropFirst() {
            guard let line = Line(parsing: bytes) else {
                damaged += 1
                continue
            }
            if let entry = line.entry, seen.insert(entry.id).inserted { entries.append(entry) }
            acked.formUnion(line.acked ?? [])
        }
        let isCompact = damaged == 0 && acked.isEmpty && entries.count == lines.count - 1 && data.last == UInt8(ascii: "\n")
            && data.count(where: { $0 == UInt8(ascii: "\n") }) == lines.count
            && first.elementsEqual(line(Line(format: format, version: 1)).utf8.dropLast())
        return Contents(
            leftovers: entries.filter { !acked.contains($0.id) },
            note: damaged == 0 ? nil : "\(damaged) damaged line\(damaged == 1 ? " was" : "s were") dropped",
            isCompact: isCompact)
    }

    /// Takes the lock, trying again every 10 ms for `patience`. A process that spawns others holds
    /// a copy of every descriptor in each child until its exec closes it, so in such a process (a
    /// test runner) a lock just let go can look held a moment; mvx spawns nothing, and waits for
    /// nothing: a second mvx starts at once, its log in memory.
    private static func takeLock(_ descriptor: Int32, patience: Duration) -> Bool {
        let retries = Int(patience / .milliseconds(10))
        for attempt in 0...retries {
            if flock(descriptor, LOCK_EX | LOCK_NB) == 0 { return true }
            guard errno == EWOULDBLOCK || errno == EINTR, attempt < retries else { return false }
            usleep(10_000)
        }
        return false
    }

    /// Closes the file and lets go of the folder's lock.
    func close() {
        if descriptor >= 0 { _ = systemClose(descriptor) }
        descriptor = -1
        if lock >= 0 { _ = systemClose(lock) }
        lock = -1
    }

    func append(_ entry: OperationLogEntry) throws {
        try write(Self.line(Line(entry: entry)))
    }

    func acknowledge(_ ids: [String]) throws {
        try write(Self.line(Line(acked: ids)))
    }

    /// One `write` per line: a kill leaves at most the last line cut, which `read` drops.
    private func write(_ text: String) throws {
        guard descriptor >= 0 else { throw Failure(description: "the file is closed") }
        try SafeFile.write(Array(text.utf8), to: descriptor)
    }

    /// One line of the file; exactly one group of fields is set. Read and written with the
    /// network layer's own JSON rather than Codable: JSONDecoder and JSONEncoder cost a
    /// millisecond or more at launch for a log of a few hundred lines, most of it reflection.
    struct Line {
        var format: String?
        var version: Int?
        var entry: OperationLogEntry?
        var acked: [String]?

        init(format: String? = nil, version: Int? = nil, entry: OperationLogEntry? = nil, acked: [String]? = nil) {
            self.format = format
            self.version = version
            self.entry = entry
            self.acked = acked
        }

        /// The line in `bytes`, nil when it is not one: not a JSON object, or a field of the wrong
        /// shape (as a decoder of the fields above would refuse it; unknown keys and nulls are passed over).
        init?(parsing bytes: some Collection<UInt8>) {
            guard let value = try? JSONValue(parsing: bytes), let fields = value.objectValue else { return nil }
            func present(_ key: String) -> JSONValue? {
                guard let field = fields[key], field != .null else { return nil }
                return field
            }
            if let field = present("format") {
                guard let text = field.stringValue else { return nil }
                format = text
            }
            if let field = present("version") {
                guard let number = field.numberValue, let whole = Int(exactly: number) else { return nil }
                version = whole
            }
            if let field = present("entry") {
                guard let id = field["id"]?.stringValue, let action = field["action"]?.stringValue,
                      let pattern = field["pattern"]?.stringValue
                else { return nil }
                entry = OperationLogEntry(id: id, action: action, pattern: pattern)
            }
            if let field = present("acked") {
                guard let elements = field.arrayValue else { return nil }
                var ids: [String] = []
                for element in elements {
                    guard let id = element.stringValue else { return nil }
                    ids.append(id)
                }
                acked = ids
            }
        }

        /// The line's JSON: its set fields, keys sorted.
        var json: JSONValue {
            var fields: [String: JSONValue] = [:]
            if let format { fields["format"] = .string(format) }
            if let version { fields["version"] = .number(Double(version)) }
            if let entry { fields["entry"] = entry.json }
            if let acked { fields["acked"] = .array(acked.map { .string($0) }) }
            return .object(fields)
        }
    }

    private static func line(_ line: Line) -> String {
        String(decoding: line.json.serialized, as: UTF8.self) + "\n"
    }
}
