import FakeServer
import Foundation
import Networking
import TestSupport
import Testing
import Tracing

/// Issue 24, the files: a symbolic or hard link planted at any name the operation log or the disk
/// cache writes is never followed or written through, and fixture files have the limits the
/// session and log files have (regular files only, a size cap, the reason named), so a FIFO or a
/// sparse 4 GB file cannot stall or swamp the start.
@MainActor
@Suite(.timeLimit(.minutes(1))) struct HostileFileTests {
    private let folder = FileManager.default.temporaryDirectory.appending(path: "mvx-hostile-\(UUID().uuidString)")
    private let precious = "PRECIOUS\n"

    init() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    /// A file outside the cache folder that nothing may touch.
    private func victim() throws -> String {
        let path = folder.appending(path: "victim.txt").path
        try Data(precious.utf8).write(to: URL(filePath: path))
        return path
    }

    private func cacheFolder() throws -> URL {
        let cache = folder.appending(path: "c", directoryHint: .isDirectory)
        try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        return cache
    }

    private func contents(_ path: String) -> String? {
        (try? Data(contentsOf: URL(filePath: path))).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Opens a log over `cache`, records `count` actions and closes it, as a run that quits.
    private func run(over cache: URL, actions count: Int = 3) -> OperationLog {
        let network = TestNetwork().environment
        let log = network.makeOperationLog(folder: cache, lockPatience: .milliseconds(250))
        log.open()
        for index in 0..<count { log.record("rent.list page=\(index + 1)&page_size=20", pattern: "MVC") }
        log.close()
        return log
    }

    enum Plant: String, CaseIterable, Sendable {
        case symbolicLink, hardLink, danglingLink
    }

    private func plant(_ kind: Plant, at path: String, target: String) throws {
        switch kind {
        case .symbolicLink: try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
        case .hardLink: try FileManager.default.linkItem(atPath: target, toPath: path)
        case .danglingLink: try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target + ".new")
        }
    }

    @Test("a link planted at the operation log's temporary file is never written through", arguments: Plant.allCases)
    func operationLogTemporary(_ kind: Plant) throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = try cacheFolder()
        let target = try victim()
        try plant(kind, at: cache.appending(path: "operation-log.jsonl.new").path, target: target)
        let log = run(over: cache)
        #expect(contents(target) == precious, "the victim was written")
        #expect(!FileManager.default.fileExists(atPath: target + ".new"), "a dangling link made its target")
        #expect(log.problem == nil, "\(log.problem ?? "")")
        let written = contents(cache.appending(path: "operation-log.jsonl").path) ?? ""
        #expect(written.split(separator: "\n").count == 4, "the log itself holds the header and three entries: \(written)")
    }

    /// A hard link to a file that looks like a log the app may append to as it is: the victim.
    @Test("a link planted at the operation log itself is replaced, never appended to", arguments: Plant.allCases)
    func operationLogFile(_ kind: Plant) throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = try cacheFolder()
        let header = "{\"format\":\"mvx-operation-log\",\"version\":1}\n"
        let target = folder.appending(path: "victim.jsonl").path
        try Data(header.utf8).write(to: URL(filePath: target))
        try plant(kind, at: cache.appending(path: "operation-log.jsonl").path, target: target)
        _ = run(over: cache)
        #expect(contents(target) == header, "the victim was appended to")
        #expect(!FileManager.default.fileExists(atPath: target + ".new"), "a dangling link made its target")
        let written = contents(cache.appending(path: "operation-log.jsonl").path) ?? ""
        #expect(written.split(separator: "\n").count == 4, "\(written)")
    }

    @Test("a link planted at the operation log's lock is never followed", arguments: Plant.allCases)
    func operationLogLock(_ kind: Plant) throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = try cacheFolder()
        let target = try victim()
        try plant(kind, at: cache.appending(path: "operation-log.jsonl.lock").path, target: target)
        _ = run(over: cache)
        #expect(contents(target) == precious)
        #expect(!FileManager.default.fileExists(atPath: target + ".new"), "a dangling link made its target")
    }

    /// The disk tiers' folders are mvx's own: a link planted in their place sends no entry elsewhere.
    @Test("a link planted at a disk tier's folder or entry is never written through", arguments: [true, false])
    func diskCacheFolder(_ atFolder: Bool) throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = try cacheFolder()
        let elsewhere = folder.appending(path: "elsewhere", directoryHint: .isDirectory)
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        let tierPath = cache.appending(path: "responses").path
        let target = try victim()
        if atFolder {
            try FileManager.default.createSymbolicLink(atPath: tierPath, withDestinationPath: elsewhere.path)
        } else {
            try FileManager.default.createDirectory(atPath: tierPath, withIntermediateDirectories: true)
            let name = try #require(Self.entryName(for: "k"))
            try FileManager.default.createSymbolicLink(atPath: tierPath + "/" + name, withDestinationPath: target)
        }
        let tier = DiskCache(folderPath: tierPath, rule: .byAge, now: { 0 })
        tier.write(Array("payload".utf8), for: "k", expiresAt: Int64.max)
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).isEmpty, "an entry went through the link")
        #expect(contents(target) == precious)
    }

    /// `--cache-dir loop`, a link to itself: both the log and the disk tier name the loop (Foundation
    /// said "A file with the same name already exists").
    @Test("a cache folder that is a loop of symbolic links is named as one")
    func loopFolder() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let loop = folder.appending(path: "loop")
        try FileManager.default.createSymbolicLink(atPath: loop.path, withDestinationPath: loop.path)
        let log = run(over: loop, actions: 1)
        #expect(log.problem?.contains("a loop of symbolic links") == true, "\(log.problem ?? "no problem")")
        let tier = DiskCache(folderPath: loop.path + "/responses", rule: .byAge, now: { 0 })
        tier.write([1], for: "k", expiresAt: Int64.max)
        #expect(tier.statistics.problem?.contains("a loop of symbolic links") == true, "\(tier.statistics.problem ?? "no problem")")
    }

    /// The file name an entry for `key` gets, found by writing one in a scratch folder.
    private static func entryName(for key: String) -> String? {
        let scratch = FileManager.default.temporaryDirectory.appending(path: "mvx-scratch-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        DiskCache(folder: scratch, rule: .byAge, now: { 0 }).write([1], for: key, expiresAt: Int64.max)
        return try? FileManager.default.contentsOfDirectory(atPath: scratch.path).first { $0.hasSuffix(".entry") }
    }

    // MARK: Fixture files

    /// A fixtures folder holding the bundled files, `rent.json` left for the test to make.
    private func fixtures() throws -> URL {
        let directory = folder.appending(path: "fixtures", directoryHint: .isDirectory)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for file in FixtureFile.allCases where file != .rent {
            let text = JSONValue.array(TestNetwork.bundledFixtures[file]).serialized
            try Data(text).write(to: directory.appending(path: file.rawValue))
        }
        return directory
    }

    @Test("a sparse 4 GB fixture is refused at once, by its size", .timeLimit(.minutes(1)))
    func sparseFixture() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let directory = try fixtures()
        let path = directory.appending(path: "rent.json").path
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        try #require(descriptor >= 0)
        try #require(ftruncate(descriptor, 4 << 30) == 0, "a sparse file of 4 GB")
        close(descriptor)
        let started = ContinuousClock.now
        #expect {
            _ = try Fixtures.load(directory: directory)
        } throws: { error in
            let error = error as? FixtureError
            return error?.file == "rent.json" && error?.problem.contains("4294967296 bytes") == true
                && error?.problem.contains("at most") == true
        }
        #expect(ContinuousClock.now - started < .seconds(1), "refused by its size, not read")
    }

    /// A FIFO nobody writes to: opening it to read would wait for a writer. If the load waits
    /// anyway, a writer comes after two seconds (so a broken load fails the test, never hangs it).
    @Test("a FIFO fixture is refused without waiting for a writer", .timeLimit(.minutes(1)))
    func fifoFixture() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let directory = try fixtures()
        let path = directory.appending(path: "rent.json").path
        try #require(mkfifo(path, 0o644) == 0)
        let rescue = Thread {
            Thread.sleep(forTimeInterval: 2)
            let writer = open(path, O_WRONLY | O_NONBLOCK)
            if writer >= 0 { close(writer) }
        }
        rescue.start()
        let started = ContinuousClock.now
        #expect {
            _ = try Fixtures.load(directory: directory)
        } throws: { error in
            (error as? FixtureError)?.problem.contains("not a regular file") == true
        }
        #expect(ContinuousClock.now - started < .seconds(1), "the load waited for a writer")
    }

    // MARK: The disk cache and the fixture set

    /// A run over other fixtures leaves its listings in the shared cache folder; a run over the
    /// bundled ones within their three minutes must not be served them.
    @Test("the disk cache is keyed by the fixture set: another set's listings are not a hit")
    func diskCacheKeyedByFixtures() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let directory = try fixtures()
        let item = #"[{"id":"x1","name":"Only in X","title":"t","imageUrl":"u"}]"#
        try Data(item.utf8).write(to: directory.appending(path: "rent.json"))
        let settings = DiskCacheSettings(folder: try cacheFolder(), epoch: 1_700_000_000_000)
        let delegate = RecordingDelegate()
        let custom = TestNetwork(fixtures: try Fixtures.load(directory: directory), diskCache: settings).environment
        let first = custom.makeRentListManager(landingPoint: custom.makeLandingPoint("list"))
        first.delegate = delegate
        #expect(await delegate.load { first.loadFirstPage() } == .success)
        #expect(String(decoding: try #require(first.fetchData()).serialized, as: UTF8.self).contains("Only in X"))

        let bundled = TestNetwork(diskCache: settings).environment
        let second = bundled.makeRentListManager(landingPoint: bundled.makeLandingPoint("list"))
        second.delegate = delegate
        #expect(await delegate.load { second.loadFirstPage() } == .success)
        #expect(!String(decoding: try #require(second.fetchData()).serialized, as: UTF8.self).contains("Only in X"),
                "another fixture set's page")
        #expect(bundled.journal.records.map(\.cacheTier) == [nil], "asked the server, not the disk")
    }
}
