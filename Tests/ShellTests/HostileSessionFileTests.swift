import Foundation
import Terminal
import Testing
@testable import Sessions
@testable import Shell

/// Issue 24 for session files: what `w` writes mvx reads back (or `w` says why it cannot save,
/// before writing), `w` never writes through a link planted at its file's name or follows a loop
/// of links, and a header or key the reader refuses is refused for its real cause.
@MainActor
@Suite("Hostile session files")
struct HostileSessionFileTests {
    private let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mvx-hostile-sessions-\(UUID().uuidString)")
    private let date = Date(timeIntervalSince1970: 1_800_000_000)
    private let size = Size(width: 100, height: 30)

    private func saver(_ sessions: URL) -> SessionSaver {
        let date = date
        return SessionSaver(start: SessionStart(), folder: sessions, home: nil, now: { date })
    }

    /// `count` bracketed pastes of 10,000 characters into a field, as recorded.
    private func pastes(_ count: Int) -> [RecordedKey] {
        (0..<count).map { _ in RecordedKey(.paste(String(repeating: "x", count: 10_000)), action: "typing in First name") }
    }

    private func savedFiles(_ sessions: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: sessions.path)) ?? []).filter { $0.hasSuffix(".jsonl") }.sorted()
    }

    @Test("w after 120 pastes of 10,000 characters says why it cannot save, and writes nothing")
    func tooBigToSave() {
        defer { try? FileManager.default.removeItem(at: folder) }
        let notice = saver(folder).save(pastes(120), size: size, clicksLeftOut: 0)
        #expect(notice.hasPrefix("cannot save the session: ") && notice.contains("1 MB"), "\(notice)")
        #expect(savedFiles(folder).isEmpty, "nothing is written that mvx would refuse to read")
    }

    @Test("w after 90 pastes of 10,000 characters saves a file mvx reads back")
    func bigButReadable() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let notice = saver(folder).save(pastes(90), size: size, clicksLeftOut: 0)
        #expect(notice.hasPrefix("session saved: "), "\(notice)")
        let file = try #require(savedFiles(folder).first)
        let session = try Session.load(path: folder.appendingPathComponent(file).path)
        #expect(session.keys.count == 90)
    }

    /// The file name the saver gives its first save at `date`.
    private var firstName: String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd'T'HH-mm-ss"
        return "session-" + formatter.string(from: date) + ".jsonl"
    }

    @Test("a link planted at the session's name is not written through: the save takes the next name",
          arguments: ["symbolic", "hard", "dangling"])
    func plantedLink(_ kind: String) throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let sessions = folder.appendingPathComponent("sessions")
        try FileManager.default.createDirectory(at: sessions, withIntermediateDirectories: true)
        let victim = folder.appendingPathComponent("victim.txt").path
        try Data("PRECIOUS\n".utf8).write(to: URL(fileURLWithPath: victim))
        let planted = sessions.appendingPathComponent(firstName).path
        switch kind {
        case "symbolic": try FileManager.default.createSymbolicLink(atPath: planted, withDestinationPath: victim)
        case "hard": try FileManager.default.linkItem(atPath: victim, toPath: planted)
        default: try FileManager.default.createSymbolicLink(atPath: planted, withDestinationPath: victim + ".made")
        }
        let notice = saver(sessions).save([RecordedKey(.enter, action: "Enter on [Show greeting]")], size: size, clicksLeftOut: 0)
        #expect(notice.hasPrefix("session saved: ") && notice.contains("-2.jsonl"), "\(notice)")
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "PRECIOUS\n")
        #expect(!FileManager.default.fileExists(atPath: victim + ".made"))
    }

    @Test("a sessions folder that is a loop of symbolic links is named as one")
    func loopFolder() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let loop = folder.appendingPathComponent("loop")
        try FileManager.default.createSymbolicLink(atPath: loop.path, withDestinationPath: loop.path)
        let notice = saver(loop).save([RecordedKey(.enter, action: nil)], size: size, clicksLeftOut: 0)
        #expect(notice.hasPrefix("cannot save the session: ") && notice.contains("loop of symbolic links"), "\(notice)")
    }

    @Test("a header or key is refused for its real cause", arguments: [
        (#"{"format":"mvx-session","version":1e400}"#, "line 1: 'version' is a number out of range"),
        (#"{"format":"mvx-session","version":1,"width":12345678901234567890,"height":30}"#,
         "line 1: 'width' is a number out of range"),
        (#"{"format":"mvx-session","version":1,"version":2}"#, #"line 1: duplicate key "version""#),
        (#"{"format":"mvx-session","version":1}"# + "\n" + #"{"key":"keypad-\u0085"}"#,
         "line 2: a control character (U+0085) is not a key"),
    ])
    func realCauses(_ text: String, _ message: String) {
        #expect {
            _ = try Session.decode(Data(text.utf8))
        } throws: { error in
            (error as? SessionFileError)?.description == message
        }
        do { _ = try Session.decode(Data(text.utf8)) } catch { #expect(error.description == message) }
    }
}
