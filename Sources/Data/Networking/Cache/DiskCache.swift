import Crypto
#if canImport(FoundationEssentials)
import FoundationEssentials
import Glibc
#else
import Foundation
#endif

/// The C `read`, named apart from `DiskCache.read`.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
import SafeFiles
import Synchronization
import Tracing

/// The disk tier of a cache: one file per entry, in a folder of its own under the user's cache
/// folder, so it outlives the process. What it keeps goes by one of two rules, as in casatwy's app:
/// API data by age (each entry carries its expiry, in wall-clock time, since a later run reads it),
/// pictures by the folder's total size (the least recently used go first).
///
/// Every file is written to a temporary name and renamed into place, so a reader — this process or
/// another mvx sharing the folder — sees a whole entry or none. A file that is not a whole entry of
/// ours (damaged, truncated, foreign, not a regular file, unreadable) is ignored and removed, and the
/// next store replaces it. The first write that fails (a full disk, a read-only folder) is reported
/// once: the tier stops writing and the app goes on from memory.
///
/// Shared by every manager of an environment and read synchronously on a hit, hence a lock.
package final class DiskCache: Sendable {
    /// What decides which entries go.
    package enum Rule: Sendable, Hashable {
        /// Each entry expires at the time it was stored with (API data).
        case byAge
        /// The least recently used entries go once the files add up to more than `limit` bytes (pictures).
        case bySize(limit: Int)
    }

    /// Writes a whole file at a path; tests inject one that fails as a full disk would.
    package struct FileWriter: Sendable {
        let write: @Sendable (_ bytes: [UInt8], _ path: String) throws(DiskCacheFailure) -> Void

        package init(_ write: @escaping @Sendable (_ bytes: [UInt8], _ path: String) throws(DiskCacheFailure) -> Void) {
            self.write = write
        }

        /// Writes to a temporary file beside `path`, then renames it over `path` (atomic on POSIX).
        package static let atomicRename = FileWriter { bytes, path throws(DiskCacheFailure) in
            try DiskCache.writeAtomically(bytes, to: path)
        }
    }

    /// What the disk tier holds and has done, for the network inspector.
    package struct Statistics: Sendable, Hashable {
        package var entries = 0
        package var bytes = 0
        package var hits = 0
        /// Entries removed by the rule: expired by age, or evicted for size.
        package var evictions = 0
        /// Files ignored and removed because they were not a whole entry of ours.
        package var discarded = 0
        /// Why the tier stopped writing, once it has.
        package var problem: String?
    }

    private struct Entry {
        var size: Int
        var lastUse: UInt64
    }

    private struct State {
        /// The entries this process knows of, by file name; read from the folder on first use so
        /// that start-up never waits for the disk.
        var index: [String: Entry]?
        var useCounter: UInt64 = 0
        var temporaryCounter = 0
        var statistics = Statistics()
    }

    /// The folder the entries live in, as a path: a launch's first lookup builds no `URL` (whose
    /// first use cost the runtime a scan of every protocol conformance, before the first frame).
    package let folderPath: String
    package let rule: Rule
    /// Put before every key: entries stored under another scope (another fixture set's) are
    /// other files, never a hit here.
    package let scope: String
    private let now: @Sendable () -> Int64
    private let writer: FileWriter
    private let state = Mutex(State())

    /// The file format's first bytes: a file without them is not ours.
    static let format = "mvx-cache"
    static let version = 1
    /// A bigger file is not read: no entry of ours comes near it.
    static let fileSizeLimit = 4 << 20
    /// Entry files end so; the temporary ones being written start with a dot.
    static let fileExtension = ".entry"

    /// - Parameters:
    ///   - folder: made when first written to.
    ///   - rule: by age (data) or by total size (pictures).
    ///   - now: milliseconds since 1970, the time expiries are written in (a later run reads them).
    ///   - writer: how a file is written; `.atomicRename` unless a test simulates a failing disk.
    ///   - scope: what the entries belong to (the fixture set the data came from); empty for none.
    package init(folderPath: String, rule: Rule, now: @escaping @Sendable () -> Int64, writer: FileWriter = .atomicRename,
                scope: String = "") {
        self.folderPath = DiskCacheSettings.withoutTrailingSlash(folderPath)
        self.rule = rule
        self.scope = scope
        self.now = now
        self.writer = writer
    }

    /// The same, for a folder given as a URL.
    package convenience init(folder: URL, rule: Rule, now: @escaping @Sendable () -> Int64, writer: FileWriter = .atomicRename) {
        self.init(folderPath: folder.path, rule: rule, now: now, writer: writer)
    }

    /// `key` within the scope: what the file's name and header are made from.
    private func scoped(_ key: String) -> String { scope.isEmpty ? key : scope + " " + key }

    /// The path of the entry file `name` in the folder.
    private func path(of name: String) -> String { folderPath + "/" + name }

    /// Now, in the milliseconds since 1970 that expiries are written in.
    package var currentTime: Int64 { now() }

    // MARK: Reading

    /// The payload stored under `key`, with its expiry (ms since 1970; nil for pictures), or nil
    /// when there is none, it expired, or its file is not a whole entry (then it is removed).
    package func read(_ key: String) -> (bytes: [UInt8], expiresAt: Int64?)? {
        let key = scoped(key)
        let name = Self.fileName(for: key)
        let path = path(of: name)
        let outcome = Self.readEntry(at: path, key: key)
        let time = now()
        return state.withLock { state -> (bytes: [UInt8], expiresAt: Int64?)? in
            // A miss before the folder was listed has nothing to forget: the listing waits for
            // whatever needs it (a write, the statistics), not the launch's first lookup.
            if case .absent = outcome, state.index == nil { return nil }
            loadIndex(&state)
            switch outcome {
            case .absent:
                forget(name, in: &state)
                return nil
            case .invalid(let reason):
                Self.remove(path)
                forget(name, in: &state)
                state.statistics.discarded += 1
                @Traced(.cache, self, "disk: ignored \(reason), removed") var call
                return nil
            case .entry(let bytes, let expiresAt, let fileSize):
                if let expiresAt, expiresAt <= time {
                    Self.remove(path)
                    forget(name, in: &state)
                    state.statistics.evictions += 1
                    return nil
                }
                state.useCounter += 1
                if state.index?[name] == nil { state.statistics.bytes += fileSize }
                state.index?[name] = Entry(size: fileSize, lastUse: state.useCounter)
                state.statistics.entries = state.index?.count ?? 0
                state.statistics.hits += 1
                return (bytes, expiresAt)
            }
        }
    }

    // MARK: Writing

    /// Stores `bytes` under `key` (expiring at `expiresAt`, ms since 1970, for data); under the size
    /// rule, evicts the least recently used entries beyond the limit. Does nothing once a write
    /// has failed: the failure was reported, and memory carries on.
    package func write(_ bytes: [UInt8], for key: String, expiresAt: Int64? = nil) {
        let key = scoped(key)
        let name = Self.fileName(for: key)
        let path = path(of: name)
        let file = Self.encode(bytes, key: key, expiresAt: expiresAt)
        state.withLock { state in
            guard state.statistics.problem == nil else { return }
            loadIndex(&state)
            do throws(DiskCacheFailure) {
                try writer.write(file, path)
            } catch {
                state.statistics.problem = error.description
                @Traced(.cache, self, "disk cache off: \(error.description); going on from memory") var call
                return
            }
            state.useCounter += 1
            let previous = state.index?[name]?.size ?? 0
            state.index?[name] = Entry(size: file.count, lastUse: state.useCounter)
            state.statistics.bytes += file.count - previous
            state.statistics.entries = state.index?.count ?? 0
            if case .bySize(let limit) = rule { evict(toFit: limit, keeping: name, in: &state) }
        }
    }

    /// Removes the entry stored under `key`, if any.
    package func remove(_ key: String) {
        let name = Self.fileName(for: scoped(key))
        Self.remove(path(of: name))
        state.withLock { state in
            loadIndex(&state)
            forget(name, in: &state)
        }
    }

    /// Removes every entry (the inspector's "empty cache").
    package func removeAll() {
        state.withLock { state in
            loadIndex(&state)
            for name in (state.index ?? [:]).keys {
                Self.remove(path(of: name))
            }
            state.index = [:]
            state.statistics.entries = 0
            state.statistics.bytes = 0
        }
    }

    /// What the tier holds and has done.
    package var statistics: Statistics {
        state.withLock { state in
            loadIndex(&state)
            return state.statistics
        }
    }

    // MARK: The index

    /// Lists the folder once: the entries an earlier run (or another process) left, oldest first
    /// by modification time, so the size rule evicts those before this run's.
    private func loadIndex(_ state: inout State) {
        guard state.index == nil else { return }
        var found: [(name: String, size: Int, modified: Date)] = []
        // Names, then fstatat: URL resource values looked each file's owner and group names up too
        // (nsswitch, /etc/passwd, /etc/group per file) when the first request of a launch came.
        // A link in the folder's place is not the folder: nothing it leads to is listed (and so
        // never evicted); writes refuse it too.
        let folder = try? SafeFolder(folderPath, create: false, followLink: false)
        for name in folder?.names() ?? [] where name.hasSuffix(Self.fileExtension) && !name.hasPrefix(".") {
            guard let status = folder?.status(name), status.st_mode & S_IFMT == S_IFREG else { continue }
            let modified = Date(timeIntervalSince1970: status.modifiedSeconds)
            found.append((name, Int(status.st_size), modified))
        }
        var index: [String: Entry] = [:]
        for file in found.sorted(by: { ($0.modified, $0.name) < ($1.modified, $1.name) }) {
            state.useCounter += 1
            index[file.name] = Entry(size: file.size, lastUse: state.useCounter)
        }
        state.index = index
        state.statistics.entries = index.count
        state.statistics.bytes = index.values.reduce(0) { $0 + $1.size }
    }

    private func forget(_ name: String, in state: inout State) {
        guard let entry = state.index?.removeValue(forKey: name) else { return }
        state.statistics.bytes -= entry.size
        state.statistics.entries = state.index?.count ?? 0
    }

    /// Removes the least recently used entries, never `kept` (the one just written), until the
    /// files add up to `limit` bytes or less. A sort per eviction round: the folder holds tens of
    /// pictures, and a store that evicts is rare next to a hit.
    private func evict(toFit limit: Int, keeping kept: String, in state: inout State) {
        guard state.statistics.bytes > limit, let index = state.index else { return }
        var evicted: [String] = []
        for (name, _) in index.sorted(by: { $0.value.lastUse < $1.value.lastUse }) where name != kept {
            guard state.statistics.bytes > limit else { break }
            Self.remove(path(of: name))
            forget(name, in: &state)
            state.statistics.evictions += 1
            evicted.append(name)
        }
        if !evicted.isEmpty {
            @Traced(.cache, self, "disk: evicted \(evicted.count) for size (limit \(ByteCountText.of(limit)))") var call
        }
    }

    // MARK: The file format

    /// A file: one header line of JSON — format, version, key, expiry, payload length and its
    /// SHA-256 — then the payload's bytes. The hash catches a truncated or damaged payload, the key
    /// a file that belongs to another entry.
    static func encode(_ payload: [UInt8], key: String, expiresAt: Int64?) -> [UInt8] {
        var header: [String: JSONValue] = [
            "format": .string(format), "version": .number(Double(version)), "key": .string(key),
            "length": .number(Double(payload.count)), "sha256": .string(digest(payload)),
        ]
        if let expiresAt { header["expires"] = .number(Double(expiresAt)) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(payload.count + 200)
        JSONWriter.write(.object(header), into: &bytes)
        bytes.append(0x0A)
        bytes.append(contentsOf: payload)
        return bytes
    }

    enum ReadOutcome {
        case absent
        case invalid(String)
        case entry(bytes: [UInt8], expiresAt: Int64?, fileSize: Int)
    }

    /// Reads and checks the entry file at `path`. Never follows a link and never reads more than
    /// `fileSizeLimit` bytes, so a link to /dev/zero or a FIFO cannot hang it.
    static func readEntry(at path: String, key: String) -> ReadOutcome {
        var status = stat()
        guard SafePath.withCString(path, { lstat($0, &status) }) == 0 else {
            return errno == ENOENT ? .absent : .invalid("an unreadable cache file (\(String(cString: strerror(errno))))")
        }
        guard (status.st_mode & S_IFMT) == S_IFREG else { return .invalid("a cache entry that was not a regular file") }
        guard Int(status.st_size) <= fileSizeLimit else { return .invalid("a cache file of \(status.st_size) bytes") }
        let descriptor = SafePath.withCString(path) { open($0, O_RDONLY | O_NOFOLLOW | O_CLOEXEC) }
        guard descriptor >= 0 else {
            return errno == ENOENT ? .absent : .invalid("an unreadable cache file (\(String(cString: strerror(errno))))")
        }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: Int(status.st_size))
        var filled = 0
        while filled < bytes.count {
            let count = bytes.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress! + filled, $0.count - filled) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            filled += count
        }
        guard filled == bytes.count else { return .invalid("a cache file that changed while read") }
        return decode(bytes, key: key)
    }

    /// Splits a file into header and payload and checks every field.
    static func decode(_ file: [UInt8], key: String) -> ReadOutcome {
        guard let newline = file.prefix(4096).firstIndex(of: 0x0A),
              let header = try? JSONValue(parsing: Array(file[..<newline])),
              header["format"]?.stringValue == format
        else { return .invalid("a file that was not a cache entry") }
        guard header["version"]?.numberValue == Double(version) else { return .invalid("a cache entry of another version") }
        guard header["key"]?.stringValue == key else { return .invalid("a cache entry for another key") }
        let payload = Array(file[(newline + 1)...])
        guard let length = header["length"]?.numberValue, Int(exactly: length) == payload.count else {
            return .invalid("a truncated cache entry")
        }
        guard header["sha256"]?.stringValue == digest(payload) else { return .invalid("a damaged cache entry") }
        let expiresAt = header["expires"]?.numberValue.flatMap { Int64(exactly: $0) }
        return .entry(bytes: payload, expiresAt: expiresAt, fileSize: file.count)
    }

    /// The file name for `key`: its SHA-256, so any key (a URL, canonical parameters) is a safe name.
    static func fileName(for key: String) -> String {
        String(digest(Array(key.utf8)).prefix(40)) + fileExtension
    }

    static func digest(_ bytes: [UInt8]) -> String {
        let hex = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(64)
        for byte in SHA256.hash(data: bytes) {
            text.append(hex[Int(byte >> 4)])
            text.append(hex[Int(byte & 0xF)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// Removes whatever is at `path`: a file, a link (not its target), or a folder someone put there.
    static func remove(_ path: String) {
        if SafePath.withCString(path, { unlink($0) }) != 0, errno == EISDIR || errno == EPERM {
            try? FileManager.default.removeItem(atPath: path)
        }
    }

    private static let temporaryCounter = Atomic<Int>(0)

    /// Writes `bytes` to a new temporary file in `path`'s folder (made if missing), then renames
    /// it to `path`: rename(2) replaces the old file in one step, so no reader sees half a file.
    /// Through `SafeFolder`: the folder is mvx's own, so a link in its place is refused, and a
    /// link at the entry's name is replaced, never written through. Not `fsync`ed: a cache.
    static func writeAtomically(_ bytes: [UInt8], to path: String) throws(DiskCacheFailure) {
        let slash = path.lastIndex(of: "/")
        let folderPath = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        let serial = temporaryCounter.add(1, ordering: .relaxed).newValue
        do throws(SafeFileError) {
            let folder = try SafeFolder(folderPath, create: true, followLink: false)
            try folder.replace(name, with: bytes, temporary: ".\(getpid())-\(serial)-\(name)", sync: false)
        } catch {
            throw DiskCacheFailure(description: "cannot write in \(folderPath): \(error)")
        }
    }
}

/// Why the disk tier could not write: one line for the trace and the inspector.
package struct DiskCacheFailure: Error, Sendable, CustomStringConvertible {
    package var description: String

    package init(description: String) {
        self.description = description
    }

    /// `what`, with the system's words for the current `errno` ("No space left on device").
    static func posix(_ what: String) -> DiskCacheFailure {
        DiskCacheFailure(description: "\(what): \(String(cString: strerror(errno)))")
    }
}

/// Byte counts as the inspector shows them: `812 B`, `4.6 KB`, `1.2 MB`.
package enum ByteCountText {
    package static func of(_ count: Int) -> String {
        if count < 1024 { return "\(count) B" }
        if count < 1024 * 1024 { return tenths(Double(count) / 1024) + " KB" }
        return tenths(Double(count) / (1024 * 1024)) + " MB"
    }

    /// One decimal (`4.6`), none from 10 on when it is a whole number (`12`). `value` is ≥ 1.
    private static func tenths(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return tenths % 10 == 0 && tenths >= 100 ? "\(tenths / 10)" : "\(tenths / 10).\(tenths % 10)"
    }
}
