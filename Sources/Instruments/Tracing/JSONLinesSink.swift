#if canImport(FoundationEssentials)
import FoundationEssentials
import Glibc
#else
import Foundation
#endif
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
package final class JSONLinesSink: TraceSink {
    /// Why the file cannot be opened, in words that name the cause.
    package struct OpenError: Error, CustomStringConvertible {
        package let path: String
        package let reason: String
        package var description: String { "cannot write \(SafePath.display(path)): \(reason)" }
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
    package init(path: String) throws(OpenError) {
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
    package var failure: String? {
        state.withLock { state in
            state.failure.map { "writing \(SafePath.display(path)) failed: \($0); \(state.dropped) trace line\(state.dropped == 1 ? "" : "s") lost" }
        }
    }

    package func begin(_ action: TraceAction) {
        guard let data = try? encoder.encode(["action": action.label, "actionID": String(action.id),
                                              "pattern": action.pattern]) else { return }
        append(data)
    }

    package func record(_ event: TraceEvent) {
        guard let data = try? encoder.encode(event) else { return }
        append(data)
    }

    private func append(_ data: Data) {
        var line = Self.escapingControls(data)
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

    /// `data` with the controls JSONEncoder leaves raw (C1, bidi: it escapes only C0) written as
    /// `\u` escapes, as `mvx trace --format json` does: the same strings to a JSON reader, and
    /// nothing a terminal running `cat` or `tail -f` on the file would act on or reorder.
    static func escapingControls(_ data: Data) -> Data {
        let text = String(decoding: data, as: UTF8.self)
        guard text.unicodeScalars.contains(where: isEscaped) else { return data }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            guard isEscaped(scalar) else { out.append(scalar); continue }
            let hex = String(scalar.value, radix: 16)
            out.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).unicodeScalars)
        }
        return Data(String(out).utf8)
    }

    /// C1 controls and the bidirectional controls (U+061C, U+200E–F, U+202A–E, U+2066–9). They can
    /// only stand inside JSON strings, where an escape means the character itself.
    private static func isEscaped(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        return (0x80...0x9F).contains(v) || v == 0x061C || (0x200E...0x200F).contains(v)
            || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v)
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
