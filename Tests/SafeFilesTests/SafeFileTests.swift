import Foundation
import SafeFiles
import Testing

/// The one helper every file mvx writes goes through: new files only, never through a link,
/// renamed into place; reads of regular files only, sized first; paths kept as their bytes.
@Suite struct SafeFileTests {
    private let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mvx-safefile-\(UUID().uuidString)").path

    private func victim() throws -> String {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/victim.txt"
        try Data("PRECIOUS\n".utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    private func contents(_ path: String) -> String? {
        (try? Data(contentsOf: URL(fileURLWithPath: path))).map { String(decoding: $0, as: UTF8.self) }
    }

    @Test("replace puts a new file at the name: a symbolic or hard link there is replaced, its target untouched")
    func replaceNeverWritesThroughALink() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let target = try victim()
        let safe = try SafeFolder(folder, create: false)
        try FileManager.default.createSymbolicLink(atPath: folder + "/a", withDestinationPath: target)
        try FileManager.default.linkItem(atPath: target, toPath: folder + "/b")
        try FileManager.default.createSymbolicLink(atPath: folder + "/a.tmp", withDestinationPath: target)
        try safe.replace("a", with: Array("new a\n".utf8), temporary: "a.tmp", sync: true)
        try safe.replace("b", with: Array("new b\n".utf8), temporary: "b.tmp", sync: false)
        #expect(contents(target) == "PRECIOUS\n")
        #expect(contents(folder + "/a") == "new a\n" && contents(folder + "/b") == "new b\n")
        #expect(safe.status("a").map { $0.st_mode & S_IFMT == S_IFREG } == true)
        #expect(safe.status("a.tmp") == nil, "the temporary was renamed")
    }

    @Test("writeNew never writes over anything at the name, a dangling link included")
    func writeNewRefusesAnyName() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let target = try victim()
        let safe = try SafeFolder(folder, create: false)
        try FileManager.default.createSymbolicLink(atPath: folder + "/dangling", withDestinationPath: folder + "/made")
        #expect(throws: SafeFileError(.system(EEXIST))) { try safe.writeNew("dangling", [1], sync: false) }
        #expect(throws: SafeFileError(.system(EEXIST))) { try safe.writeNew("victim.txt", [1], sync: false) }
        #expect(!FileManager.default.fileExists(atPath: folder + "/made"))
        #expect(contents(target) == "PRECIOUS\n")
    }

    @Test("a folder of mvx's own is refused when a link stands in its place; a loop is named")
    func folders() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = try victim()
        try FileManager.default.createSymbolicLink(atPath: folder + "/linked", withDestinationPath: folder)
        #expect(throws: SafeFileError(.symbolicLink)) { try SafeFolder(folder + "/linked", create: true, followLink: false) }
        #expect(try SafeFolder(folder + "/linked", create: true).path == folder + "/linked", "a folder the user names may be a link")
        try FileManager.default.createSymbolicLink(atPath: folder + "/loop", withDestinationPath: folder + "/loop")
        #expect(throws: SafeFileError(.system(ELOOP))) { try SafeFolder(folder + "/loop", create: true) }
        #expect(SafeFileError(.system(ELOOP)).description == "a loop of symbolic links")
        #expect(throws: SafeFileError(.system(ENOENT))) { try SafeFolder("", create: true) }
    }

    @Test("reads: regular files only, by their size first, and a FIFO without waiting", .timeLimit(.minutes(1)))
    func reads() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let target = try victim()
        #expect(try SafeFile.read(target, limit: 100) == Array("PRECIOUS\n".utf8))
        #expect(throws: SafeFileError(.tooLarge(size: 9, limit: 4))) { try SafeFile.read(target, limit: 4) }
        #expect(throws: SafeFileError(.notRegular(kind: "a folder"))) { try SafeFile.read(folder, limit: 4) }
        try #require(mkfifo(folder + "/fifo", 0o600) == 0)
        #expect(throws: SafeFileError(.notRegular(kind: "a FIFO"))) { try SafeFile.read(folder + "/fifo", limit: 4) }
        try FileManager.default.createSymbolicLink(atPath: folder + "/link", withDestinationPath: target)
        #expect(throws: SafeFileError(.symbolicLink)) { try SafeFile.read(folder + "/link", limit: 100, followLink: false) }
    }

    @Test("appending: a new file, or an existing one with one link; never a symbolic or hard link")
    func appending() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let target = try victim()
        try FileManager.default.createSymbolicLink(atPath: folder + "/sym", withDestinationPath: target)
        try FileManager.default.linkItem(atPath: target, toPath: folder + "/hard")
        #expect(throws: SafeFileError(.symbolicLink)) { try SafeFile.openForAppending(folder + "/sym") }
        #expect(throws: SafeFileError(.hardLinked(links: 2))) { try SafeFile.openForAppending(folder + "/hard") }
        let descriptor = try SafeFile.openForAppending(folder + "/new")
        try SafeFile.write(Array("line\n".utf8), to: descriptor)
        close(descriptor)
        #expect(contents(folder + "/new") == "line\n" && contents(target) == "PRECIOUS\n")
    }

    @Test("a path that is not UTF-8 keeps its bytes from the string to the file system and back")
    func nonUTF8Paths() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let bytes = Array(folder.utf8) + Array("/cach".utf8) + [0xE9]
        let path = SafePath.string(fromBytes: bytes)
        #expect(SafePath.bytes(path) == bytes)
        #expect(SafePath.display(path).hasSuffix("/cach\\xE9"))
        #expect(SafePath.string(fromBytes: Array("café".utf8)) == "café", "valid UTF-8 is read as it is")
        let safe = try SafeFolder(path, create: true)
        try safe.writeNew("entry", Array("x".utf8), sync: false)
        let names = try SafeFolder(folder, create: false).names()
        #expect(names.map(SafePath.bytes).contains(Array("cach".utf8) + [0xE9]), "the folder is named by the bytes given: \(names)")
        #expect(!names.contains("cach\u{FFFD}"))
        #expect(try SafeFile.read(path + "/entry", limit: 10) == Array("x".utf8))
    }
}
