import Foundation

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
    }

    let url: URL
    private var handle: FileHandle?
    /// Held open for the file's life: its lock keeps a second mvx from rewriting the file under this one.
    private var lock: Int32

    private init(url: URL, handle: FileHandle, lock: Int32) {
        self.url = url
        self.handle = handle
        self.lock = lock
    }

    deinit { close() }

    /// Why a folder cannot hold the log, beyond what the file system says.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Reads what an earlier run left in `folder` and starts a fresh file holding just that.
    /// Throws when the folder cannot be made or written (the log then lives in memory).
    static func open(in folder: URL) throws -> (OperationLogFile, Contents) {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appending(path: name, directoryHint: .notDirectory)
        // One mvx per folder: the lock goes with the process, so a killed run never leaves it held.
        let lockURL = folder.appending(path: name + ".lock", directoryHint: .notDirectory)
        let lock = Foundation.open(lockURL.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard lock >= 0 else { throw Failure(description: "its lock file cannot be made") }
        guard takeLock(lock) else {
            _ = Foundation.close(lock)
            throw Failure(description: "another mvx is using it")
        }
        var handedOver = false
        // Anything below that throws lets go of the lock again.
        defer { if !handedOver { _ = Foundation.close(lock) } }
        let contents = read(url)
        var text = line(Line(format: format, version: 1))
        for entry in contents.leftovers { text += line(Line(entry: entry)) }
        let temporary = folder.appending(path: name + ".new", directoryHint: .notDirectory)
        try Data(text.utf8).write(to: temporary)
        // rename(2) is atomic: a kill leaves the old file or the new one, never half of each.
        guard rename(temporary.path, url.path) == 0 else { throw CocoaError(.fileWriteUnknown) }
        let handle = try FileHandle(forWritingTo: url)
        try handle.seekToEnd()
        handedOver = true
        return (OperationLogFile(url: url, handle: handle, lock: lock), contents)
    }

    /// The entries in `url` not yet acknowledged, in the order they were written.
    static func read(_ url: URL) -> Contents {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path) else { return Contents() }
        // Not followed: a link to /dev/zero or a FIFO would never end; the rename replaces the link itself.
        guard attributes[.type] as? FileAttributeType == .typeRegular else {
            return Contents(note: "a log file that was not a regular file was replaced")
        }
        if let size = attributes[.size] as? Int, size > sizeLimit {
            return Contents(note: "a log file of \(size) bytes was replaced")
        }
        guard let data = try? Data(contentsOf: url) else { return Contents(note: "an unreadable log file was replaced") }
        let lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true)
        let decoder = JSONDecoder()
        guard let first = lines.first, let header = try? decoder.decode(Line.self, from: Data(first)),
              header.format == format, header.version == 1
        else { return Contents(note: "a file that was not an operation log was replaced") }
        var entries: [OperationLogEntry] = []
        var seen: Set<String> = []
        var acked: Set<String> = []
        var damaged = 0
        for bytes in lines.dropFirst() {
            guard let line = try? decoder.decode(Line.self, from: Data(bytes)) else {
                damaged += 1
                continue
            }
            if let entry = line.entry, seen.insert(entry.id).inserted { entries.append(entry) }
            acked.formUnion(line.acked ?? [])
        }
        return Contents(
            leftovers: entries.filter { !acked.contains($0.id) },
            note: damaged == 0 ? nil : "\(damaged) damaged line\(damaged == 1 ? " was" : "s were") dropped")
    }

    /// Takes the lock, waiting at most a quarter of a second: a process being spawned holds a copy
    /// of every descriptor until its exec closes it, so a lock just let go can look held a moment.
    private static func takeLock(_ descriptor: Int32) -> Bool {
        for attempt in 0..<25 {
            if flock(descriptor, LOCK_EX | LOCK_NB) == 0 { return true }
            guard errno == EWOULDBLOCK || errno == EINTR, attempt < 24 else { return false }
            usleep(10_000)
        }
        return false
    }

    /// Closes the file and lets go of the folder's lock.
    func close() {
        try? handle?.close()
        handle = nil
        if lock >= 0 { _ = Foundation.close(lock) }
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
        guard let handle else { throw CocoaError(.fileWriteUnknown) }
        try handle.write(contentsOf: Data(text.utf8))
    }

    /// One line of the file; exactly one group of fields is set.
    struct Line: Codable {
        var format: String?
        var version: Int?
        var entry: OperationLogEntry?
        var acked: [String]?
    }

    private static func line(_ line: Line) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(line)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
