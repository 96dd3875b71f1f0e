import Foundation
import Shell
import Terminal

/// Saves what the shell recorded as a session file (`w`), named by the date and time, in the
/// sessions folder: user data, so `$XDG_DATA_HOME/mvx/sessions`, else `~/.local/share/mvx/sessions`
/// (`mvx run --session-dir` chooses another). The folder is made when the first session is saved.
@MainActor
public final class SessionSaver: SessionSaving {
    public let start: SessionStart
    /// Where sessions go: worked out at the first save, not at every start that never saves.
    public private(set) lazy var folder: URL? = folderSource()
    private let folderSource: () -> URL?
    private let home: String?
    private let now: () -> Date

    /// - Parameters:
    ///   - start: the options the app was started with, written in the header.
    ///   - folder: where to save; nil when there is none (no HOME): `w` then says so.
    ///   - home: shown as `~` at the front of a path in the notice.
    public init(start: SessionStart, folder: @autoclosure @escaping () -> URL?, home: String? = nil,
                now: @escaping () -> Date = Date.init) {
        self.start = start
        self.folderSource = folder
        self.home = home
        self.now = now
    }

    /// The sessions folder when nothing else is said (not created here).
    public nonisolated static func defaultFolder(environment: [String: String]) -> URL? {
        let base: URL
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            base = URL(filePath: data, directoryHint: .isDirectory)
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            base = URL(filePath: home, directoryHint: .isDirectory).appending(path: ".local/share", directoryHint: .isDirectory)
        } else {
            return nil
        }
        return base.appending(path: "mvx/sessions", directoryHint: .isDirectory)
    }

    public func save(_ keys: [RecordedKey], size: Size, clicksLeftOut: Int) -> String {
        guard let folder else { return "cannot save the session: no folder (set HOME or XDG_DATA_HOME, or give --session-dir)" }
        var start = self.start
        start.size = size
        let session = Session(start: start, keys: keys.map { SessionKey($0.key, action: $0.action) })
        let data = Data(session.encoded().utf8)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd'T'HH-mm-ss"
        let stem = "session-" + formatter.string(from: now())
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            // Two saves in one second get -2, -3…: a session is never written over.
            for attempt in 1...100 {
                let url = folder.appending(path: stem + (attempt == 1 ? "" : "-\(attempt)") + ".jsonl")
                do {
                    try data.write(to: url, options: .withoutOverwriting)
                    let count = session.keys.count
                    let clicks = clicksLeftOut == 0 ? "" : "; \(clicksLeftOut) \(clicksLeftOut == 1 ? "click" : "clicks") left out"
                    return "session saved: \(Sanitizer.visible(shortened(url.path), limit: 120)) (\(count) \(count == 1 ? "key" : "keys")\(clicks))"
                } catch CocoaError.fileWriteFileExists {
                    continue
                }
            }
            return "cannot save the session: \(stem)… exists 100 times over"
        } catch {
            return "cannot save the session: " + Sanitizer.visible(Self.reason(error), limit: 120)
        }
    }

    /// The path with the home folder written `~`.
    private func shortened(_ path: String) -> String {
        guard let home, !home.isEmpty, path.hasPrefix(home + "/") else { return path }
        return "~" + path.dropFirst(home.count)
    }

    /// The system's one-line reason (`Permission denied`), not Foundation's paragraph.
    private static func reason(_ error: any Error) -> String {
        if let posix = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError, posix.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(posix.code)))
        }
        if let cocoa = error as? CocoaError {
            switch cocoa.code {
            case .fileWriteNoPermission: return "permission denied"
            case .fileWriteOutOfSpace: return "no space left on the device"
            case .fileWriteVolumeReadOnly: return "read-only file system"
            case .fileNoSuchFile: return "no such folder"
            default: break
            }
        }
        return error.localizedDescription
    }
}
