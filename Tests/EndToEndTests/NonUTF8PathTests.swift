import Foundation
import Testing

/// Issue 24: a path that is not UTF-8 names the file it spells in bytes. Swift's reading of argv
/// replaced `\xe9` with U+FFFD, so `conform $'lat\xe9.jsonl'` said "no such file" for a file that
/// exists. The bytes are made by the shell's printf, as a user's shell passes them.
@Suite("Hostile input: paths that are not UTF-8", .timeLimit(.minutes(1)))
struct NonUTF8PathTests {
    /// The spec's greeting session copied to `lat\xe9.jsonl` in a fresh folder, which is returned.
    private static func latin1Session() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mvx-latin1-\(UUID().uuidString)").path
        let spec = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/sessions/greeting-press.jsonl").path
        let made = try TmuxSession.run(["/bin/sh", "-c", "mkdir -p \"$1\" && cp \"$2\" \"$1/$(printf 'lat\\351.jsonl')\"",
                                        "sh", folder, spec])
        try #require(made.status == 0, "\(made.error)")
        return folder
    }

    @Test("conform and trace --session read a session whose name is Latin-1", arguments: [["conform"], ["trace", "--session"]])
    func latin1Name(_ command: [String]) throws {
        let folder = try Self.latin1Session()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let words = command.joined(separator: " ")
        let result = try TmuxSession.run(["/bin/sh", "-c", "exec \"$1\" \(words) \"$2/$(printf 'lat\\351.jsonl')\"",
                                          "sh", mvxBinary, folder])
        #expect(result.status == 0, "\(result.error)")
        #expect(!result.error.contains("no such file"))
    }

    /// `mvx --cache-dir $'cach\xe9'`: the operation log lands in the folder of those bytes, not in
    /// `cach\xef\xbf\xbd` (U+FFFD, what Swift's reading of argv made of the byte).
    @Test("--cache-dir with a Latin-1 name makes and uses the folder of those bytes",
          .enabled(if: TmuxSession.isAvailable, "tmux is not installed"), .timeLimit(.minutes(1)))
    func latin1CacheFolder() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mvx-latin1-cache-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let session = try TmuxSession(command: ["/bin/sh", "-c", "exec \"$0\" --latency 0 --cache-dir \"$1/$(printf 'cach\\351')\"",
                                                mvxBinary, folder])
        defer { session.close() }
        try await session.expectScreen(shows: "MVC · Greeting", "started")
        try session.type("2")
        try await session.expectScreen(shows: "MVP · Greeting", "an action after the log opened")
        try session.type("q")
        _ = try await session.waitForExit()
        let check = try TmuxSession.run(["/bin/sh", "-c", "test -s \"$0/$(printf 'cach\\351')/operation-log.jsonl\"", folder])
        #expect(check.status == 0, "no operation log in cach\\xe9: \((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])")
        #expect(!FileManager.default.fileExists(atPath: folder + "/cach\u{FFFD}"), "the byte became U+FFFD")
    }

    /// A HOME that is not UTF-8 (no `XDG_CACHE_HOME`): the default cache folder is under it, by its bytes.
    @Test("a Latin-1 HOME holds the default cache folder",
          .enabled(if: TmuxSession.isAvailable, "tmux is not installed"), .timeLimit(.minutes(1)))
    func latin1Home() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mvx-latin1-home-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let session = try TmuxSession(
            command: ["/bin/sh", "-c", "HOME=\"$1/$(printf 'h\\351')\"; mkdir -p \"$HOME\"; export HOME; exec \"$0\" --latency 0",
                      mvxBinary, folder],
            unset: ["XDG_CACHE_HOME"])
        defer { session.close() }
        try await session.expectScreen(shows: "MVC · Greeting", "started")
        try session.type("2")
        try await session.expectScreen(shows: "MVP · Greeting", "an action after the log opened")
        try session.type("q")
        _ = try await session.waitForExit()
        let check = try TmuxSession.run(["/bin/sh", "-c", "test -s \"$0/$(printf 'h\\351')/.cache/mvx/operation-log.jsonl\"", folder])
        #expect(check.status == 0, "no operation log under h\\xe9: \((try? FileManager.default.subpathsOfDirectory(atPath: folder)) ?? [])")
    }
}
