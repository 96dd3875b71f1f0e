import AppComposition
import Foundation
import Testing

/// Where the app keeps its caches and operation log when `--cache-dir` is not given.
@Suite struct CacheFolderTests {
    private let root = FileManager.default.temporaryDirectory.appendingPathComponent("mvx-cache-folder-\(UUID().uuidString)").path

    @Test func xdgCacheHomeFirstThenHomesDotCache() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let xdg = AppAssembly.defaultCacheFolder(environment: ["XDG_CACHE_HOME": root + "/xdg/", "HOME": root + "/home"])
        #expect(xdg == root + "/xdg/mvx", "a trailing slash is not doubled")
        let home = AppAssembly.defaultCacheFolder(environment: ["HOME": root + "/home/"])
        #expect(home == root + "/home/.cache/mvx")
        var isDirectory: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: root + "/home/.cache/mvx", isDirectory: &isDirectory) && isDirectory.boolValue,
                "made, with the folders above it, when missing")
        #expect(AppAssembly.defaultCacheFolder(environment: ["HOME": root + "/home"]) == root + "/home/.cache/mvx",
                "found again when it is there")
    }

    @Test func noAbsoluteFolderOrAnUnusableOneIsNone() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(AppAssembly.defaultCacheFolder(environment: [:]) == nil)
        #expect(AppAssembly.defaultCacheFolder(environment: ["XDG_CACHE_HOME": "relative", "HOME": "also/relative"]) == nil)
        // A file where the folder should be: nothing can be made there.
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        try #require(FileManager.default.createFile(atPath: root + "/mvx", contents: Data()))
        #expect(AppAssembly.defaultCacheFolder(environment: ["XDG_CACHE_HOME": root]) == nil)
    }
}
