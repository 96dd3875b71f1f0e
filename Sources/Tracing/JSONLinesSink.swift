import Foundation
import Synchronization

/// Appends every event as one JSON object per line (`MVX_TRACE_FILE=path`), so a session's trace
/// can be read by `jq` or diffed between patterns.
public final class JSONLinesSink: TraceSink {
    private let handle: Mutex<FileHandle>
    private let encoder: JSONEncoder

    /// Opens (creating if needed) `path` for appending. Throws when the file cannot be opened.
    public init(path: String) throws {
        if !FileManager.default.fileExists(atPath: path) {
            guard FileManager.default.createFile(atPath: path, contents: nil) else {
                throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path])
            }
        }
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.seekToEnd()
        self.handle = Mutex(handle)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        self.encoder = encoder
    }

    public func begin(_ action: TraceAction) {
        write(["action": action.label, "actionID": String(action.id), "pattern": action.pattern])
    }

    public func record(_ event: TraceEvent) {
        guard let data = try? encoder.encode(event) else { return }
        append(data)
    }

    private func write(_ object: [String: String]) {
        guard let data = try? encoder.encode(object) else { return }
        append(data)
    }

    private func append(_ data: Data) {
        handle.withLock { handle in
            var line = data
            line.append(0x0A)
            try? handle.write(contentsOf: line)
        }
    }
}
