#if canImport(FoundationEssentials)
import FoundationEssentials
import Glibc
#else
import Foundation
#endif
import SafeFiles
import Shell
import Terminal

/// Saves what the shell recorded as a session file (`w`), named by the date and time, in the
/// sessions folder: user data, so `$XDG_DATA_HOME/mvx/sessions`, else `~/.local/share/mvx/sessions`
/// (`mvx run --session-dir` chooses another). The folder is made when the first session is saved.
@MainActor
package final class SessionSaver: SessionSaving {
    package let start: SessionStart
    /// Where sessions go: worked out at the first save, not at every start that never saves.
    package private(set) lazy var folder: URL? = folderSource()
    private let folderSource: () -> URL?
    private let home: String?
    private let now: () -> Date

    /// - Parameters:
    ///   - start: the options the app was started with, written in the header.
    ///   - folder: where to save; nil when there is none (no HOME): `w` then says so.
    ///   - home: shown as `~` at the front of a path in the notice.
    package init(start: SessionStart, folder: @autoclosure @escaping () -> URL?, home: String? = nil,
                now: @escaping () -> Date = Date.init) {
        self.start = start
        self.folderSource = folder
        self.home = home
        self.now = now
    }

    /// The sessions folder when nothing else is said (not created here).
    package nonisolated static func defaultFolder(environment: [String: String]) -> URL? {
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

    /// Writes the session as a new file (never over another, never through a link planted at
    /// its name: `SafeFolder.writeNew`), `fsync`ed before "session saved" is said. What it would
    /// write is read back first, as `--replay` and `conform` read it: a session mvx would refuse
    /// (over 1 MB after long pastes, over 10,000 keys) is not written, and the notice says why.
    package func save(_ keys: [RecordedKey], size: Size, clicksLeftOut: Int) -> String {
        guard let folder else { return "cannot save the session: no folder (set HOME or XDG_DATA_HOME, or give --session-dir)" }
        var start = self.start
        start.size = size
        let session = Session(start: start, keys: keys.map { SessionKey($0.key, action: $0.action) })
        let bytes = Array(session.encoded().utf8)
        if bytes.count > Session.byteLimit {
            let megabytes = (Double(bytes.count) / 104_857.6).rounded(.up) / 10
            return "cannot save the session: it would be \(megabytes) MB, and a session file holds at most 1 MB (long pastes?)"
        }
        do {
            _ = try Session.decode(Data(bytes))
        } catch {
            return "cannot save the session: mvx could not read it back (" + Sanitizer.visible(error.description, limit: 120) + ")"
        }
        let stem = "session-" + Self.localStamp(now())
        let safeFolder: SafeFolder
        do {
            safeFolder = try SafeFolder(folder.path, create: true)
        } catch {
            return "cannot save the session: " + Sanitizer.visible("\(SafePath.display(shortened(folder.path))): \(error)", limit: 120)
        }
        // Two saves in one second get -2, -3…: a session is never written over.
        for attempt in 1...100 {
            let name = stem + (attempt == 1 ? "" : "-\(attempt)") + ".jsonl"
            do throws(SafeFileError) {
                try safeFolder.writeNew(name, bytes, sync: true)
            } catch let error where error.cause == .system(EEXIST) {
                continue
            } catch {
                return "cannot save the session: " + Sanitizer.visible(error.description, limit: 120)
            }
            let count = session.keys.count
            let clicks = clicksLeftOut == 0 ? "" : "; \(clicksLeftOut) \(clicksLeftOut == 1 ? "click" : "clicks") left out"
            let path = folder.appending(path: name).path
            return "session saved: \(Sanitizer.visible(SafePath.display(shortened(path)), limit: 120)) (\(count) \(count == 1 ? "key" : "keys")\(clicks))"
        }
        return "cannot save the session: \(stem)… exists 100 times over"
    }

    /// The path with the home folder written `~`.
    private func shortened(_ path: String) -> String {
        guard let home, !home.isEmpty, path.hasPrefix(home + "/") else { return path }
        return "~" + path.dropFirst(home.count)
    }

    /// `2026-11-27T09-05-07`: the local time, in a form every file system accepts.
    static func localStamp(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        localtime_r(&seconds, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))"
            + "T\(two(parts.tm_hour))-\(two(parts.tm_min))-\(two(parts.tm_sec))"
    }
}
