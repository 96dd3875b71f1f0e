import Foundation
import PatternVocabulary
import Testing
import Tracing

/// Issue 24: `MVX_TRACE_FILE` is appended to, never written through a link someone planted at
/// its name: a symbolic link is refused with the reason, and so is a file with other hard links.
@Suite("Trace file links")
struct TraceFileLinkTests {
    private let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mvx-tracelink-\(UUID())")

    private func victim() throws -> String {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("victim.txt").path
        try Data("PRECIOUS\n".utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    private func record(into path: String) throws {
        let sink = try JSONLinesSink(path: path)
        Tracer(sinks: [sink]).perform("Enter", pattern: "MVC") { @Traced(.view, self, "pressed") var call }
    }

    @Test("a symbolic link at the trace file's name is refused, its target untouched")
    func symbolicLink() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = try victim()
        let path = folder.appendingPathComponent("trace.jsonl").path
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
        #expect {
            try record(into: path)
        } throws: { error in
            (error as? JSONLinesSink.OpenError)?.reason == "it is a symbolic link (not followed)"
        }
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "PRECIOUS\n")
    }

    @Test("a dangling symbolic link is refused and its target not made")
    func danglingLink() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try victim()
        let path = folder.appendingPathComponent("trace.jsonl").path
        let target = folder.appendingPathComponent("made.txt").path
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
        #expect(throws: JSONLinesSink.OpenError.self) { try record(into: path) }
        #expect(!FileManager.default.fileExists(atPath: target))
    }

    @Test("a hard link at the trace file's name is refused, the other name's contents untouched")
    func hardLink() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = try victim()
        let path = folder.appendingPathComponent("trace.jsonl").path
        try FileManager.default.linkItem(atPath: target, toPath: path)
        #expect {
            try record(into: path)
        } throws: { error in
            (error as? JSONLinesSink.OpenError)?.reason.contains("hard link") == true
        }
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "PRECIOUS\n")
    }

    @Test("a new file is made, and an existing one of the user's is appended to")
    func plainFiles() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("trace.jsonl").path
        try record(into: path)
        try record(into: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").count == 4)
    }
}
