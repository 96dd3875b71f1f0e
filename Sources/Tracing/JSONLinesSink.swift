import Foundation
import SafeFiles
import Synchronization

/// Appends every event as one JSON object per line (`MVX_TRACE_FILE=path`), so a session's trace
/// can be read by `jq` or diffed between patterns.
///
/// The file is opened without blocking: a FIFO nobody reads is refused at once instead of
/// freezing start-up, and a reader too slow to keep up loses lines rather than stalling the app.
/// It is opened as every file mvx writes is (`SafeFile`): a symbolic link at the path, or a file
/// with other hard links, is refused with that reason rather than written through.
/// The first write that fails is remembered with its cause (`failure`), later ones are dropped
/// quietly, so the app can say once, after the session, that the file is incomplete and why.
public final class JSONLinesSink: TraceSink {
    /// Why the file cannot be opened, in words that name the cause.
    public struct OpenError: Error, CustomStringConvertible {
        public let path: String
        public let reason: String
        public var description: String { "cannot write \(SafePath.display(path)): \(reason)" }
    }

    private struct State {
        var descriptor: Int32
        var failure: String?
        var dropped = 0
    }

    private let path: String
    private let state: Mutex<State>
    private let encoder: JSONEncoder

    /// Opens (creating if needed) `path` for appending.
    public init(path: String) throws(OpenError) {
        self.path = path
        let descriptor: Int32
        do throws(SafeFileError) {
            descriptor = try SafeFile.openForAppending(path)
        } catch {
            if case .system(let code) = error.cause { throw OpenError(path: path, reason: Self.reason(for: code)) }
            throw OpenError(path: path, reason: error.description)
        }
        state = Mutex(State(descriptor: descriptor))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        self.encoder = encoder
    }

    deinit {
        state.withLock { _ = close($0.descriptor) }
    }

    /// The first write that failed and how many lines were lost, if any were.
    public var failure: String? {
        state.withLock { state in
            state.failure.map { "writing \(SafePath.display(path)) failed: \($0); \(state.dropped) trace line\(state.dropped == 1 ? "" : "s") lost" }
        }
    }

    public func begin(_ action: TraceAction) {
        guard let data = try? encoder.encode(["action": action.label, "actionID": String(action.id),
                                              "pattern": action.pattern]) else { return }
        append(data)
    }

    public func record(_ event: TraceEvent) {
        guard let data = try? encoder.encode(event) else { return }
        append(data)
    }

    private func append(_ data: Data) {
        var line = data
        line.append(0x0A)
        state.withLock { state in
            let written = line.withUnsafeBytes { write(state.descriptor, $0.baseAddress, $0.count) }
            guard written != line.count else { return }
            if state.failure == nil {
                state.failure = written < 0 ? Self.reason(for: errno) : "only part of a line was written"
            }
            state.dropped += 1
        }
    }

    /// The cause of `code` as a reader would put it.
    static func reason(for code: Int32) -> String {
        switch code {
        case ENOENT: "no such folder"
        case EACCES, EPERM: "permission denied"
        case ENXIO: "it is a FIFO no process is reading"
        case EISDIR: "it is a folder"
        case ELOOP: "too many symbolic links (a loop?)"
        case ENOSPC: "no space left on the device"
        case EAGAIN: "the reader is not keeping up"
        case EROFS: "read-only file system"
        default: String(cString: strerror(code))
        }
    }
}
