import Clocks
import FakeServer
import Foundation
import Networking
import Synchronization
import TestSupport
import Testing
import Tracing

/// The disk tier: entries outlive the process, expire by age (data) or go by size (pictures),
/// and whatever the folder holds that is not a whole entry of ours is ignored and replaced.
@MainActor @Suite(.timeLimit(.minutes(1))) struct DiskCacheTests {
    /// A temporary cache folder per test, removed at the end.
    private let folder = FileManager.default.temporaryDirectory.appending(path: "mvx-cache-\(UUID().uuidString)")

    /// A disk tier on a time the test sets by hand (milliseconds since 1970).
    private func tier(_ rule: DiskCache.Rule = .byAge, time: WallTime = WallTime(), writer: DiskCache.FileWriter = .atomicRename) -> DiskCache {
        DiskCache(folder: folder, rule: rule, now: { time.now }, writer: writer)
    }

    private func entryPath(_ key: String) throws -> String {
        let cache = tier()
        cache.write([1], for: key, expiresAt: Int64.max)
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: folder.path).first { $0.hasSuffix(".entry") })
        cache.removeAll()
        return folder.appending(path: name).path
    }

    private func files() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    /// Folders are kept as paths, an entry's path being `folder + "/" + name`: slashes at the end of
    /// a folder given by hand (`--cache-dir dir/`) are dropped, and an entry written through a path
    /// is read back through the URL of the same folder.
    @Test func aFolderIsAPathWithoutTrailingSlashes() {
        #expect(DiskCacheSettings(folderPath: "/tmp/mvx-cache//").folderPath == "/tmp/mvx-cache")
        #expect(DiskCacheSettings(folderPath: "/").folderPath == "/")
        #expect(DiskCacheSettings(folder: URL(filePath: "/tmp/x/", directoryHint: .isDirectory)).folderPath == "/tmp/x")
        defer { try? FileManager.default.removeItem(at: folder) }
        let byPath = DiskCache(folderPath: folder.path + "/", rule: .byAge, now: { 0 })
        byPath.write([7, 8], for: "key", expiresAt: Int64.max)
        #expect(tier().read("key")?.bytes == [7, 8])
    }

    @Test func anEntryOutlivesItsTierAndExpiresByAge() {
        defer { try? FileManager.default.removeItem(at: folder) }
        let time = WallTime()
        tier(time: time).write(Array("hello".utf8), for: "rent.list page=1", expiresAt: 1_180_000)
        // A new tier on the same folder is the next run: it reads what the last one wrote.
        let next = tier(time: time)
        #expect(next.read("rent.list page=1")?.bytes == Array("hello".utf8))
        #expect(next.read("rent.list page=2") == nil)
        time.now = 1_179_999
        #expect(next.read("rent.list page=1")?.expiresAt == 1_180_000)
        time.now = 1_180_000
        #expect(next.read("rent.list page=1") == nil)
        #expect(next.statistics.evictions == 1)
        #expect(files().isEmpty, "an expired entry's file is removed")
    }

    @Test func picturesGoLeastRecentlyUsedFirstOnceOverTheLimit() {
        defer { try? FileManager.default.removeItem(at: folder) }
        let picture = [UInt8](repeating: 7, count: 1000)
        // Each file is the picture and a header of about 170 bytes: three fit in 3,600 bytes, four do not.
        let cache = tier(DiskCache.Rule.bySize(limit: 3600))
        for url in ["a", "b", "c"] { cache.write(picture, for: url) }
        #expect(cache.statistics.entries == 3)
        _ = cache.read("a")  // b is now the least recently used
        cache.write(picture, for: "d")
        #expect(cache.read("b") == nil)
        #expect(cache.read("a") != nil && cache.read("c") != nil && cache.read("d") != nil)
        #expect(cache.statistics.evictions == 1)
        #expect(cache.statistics.bytes <= 3600)
        // A later run evicts the oldest files first: it orders what it finds by modification time.
        #expect(tier(DiskCache.Rule.bySize(limit: 3600)).statistics.entries == 3)
    }

    @Test("damaged, truncated, foreign, unreadable or oversized files are ignored, removed and replaced", arguments: [
        "damaged", "truncated", "foreign", "other key", "folder", "link to /dev/zero", "fifo", "oversized", "other version",
    ])
    func hostileFilesAreIgnoredAndReplaced(_ kind: String) throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let key = "rent.list page=1"
        let path = try entryPath(key)
        let good = tier()
        good.write(Array("{\"items\":[]}".utf8), for: key, expiresAt: Int64.max)
        var file = try Array(Data(contentsOf: URL(filePath: path)))
        try FileManager.default.removeItem(atPath: path)
        switch kind {
        case "damaged":
            file[file.count - 2] ^= 0x20
            try Data(file).write(to: URL(filePath: path))
        case "truncated":
            try Data(file.dropLast(3)).write(to: URL(filePath: path))
        case "foreign":
            try Data("#!/bin/sh\necho not a cache entry\n".utf8).write(to: URL(filePath: path))
        case "other key":
            // Another key's whole, valid entry under this key's name.
            let other = tier()
            other.write(Array("{}".utf8), for: "esf.list page=1", expiresAt: Int64.max)
            let name = try #require(files().first { $0.hasSuffix(".entry") })
            try FileManager.default.moveItem(atPath: folder.appending(path: name).path, toPath: path)
        case "other version":
            let text = String(decoding: file, as: UTF8.self).replacingOccurrences(of: "\"version\":1", with: "\"version\":9")
            try Data(text.utf8).write(to: URL(filePath: path))
        case "folder":
            try FileManager.default.createDirectory(atPath: path + "/inside", withIntermediateDirectories: true)
        case "link to /dev/zero":
            try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "/dev/zero")
        case "fifo":
            #expect(mkfifo(path, 0o644) == 0)
        case "oversized":
            try Data(repeating: 0x41, count: 5 << 20).write(to: URL(filePath: path))
        default:
            Issue.record("unknown kind \(kind)")
        }
        let cache = tier()
        #expect(cache.read(key) == nil)
        #expect(cache.statistics.discarded == 1)
        #expect(!FileManager.default.fileExists(atPath: path), "the \(kind) file is removed")
        cache.write(Array("{\"items\":[1]}".utf8), for: key, expiresAt: Int64.max)
        #expect(tier().read(key)?.bytes == Array("{\"items\":[1]}".utf8), "and replaced by the next store")
    }

    @Test func aFullDiskIsReportedOnceAndMemoryCarriesOn() async {
        defer { try? FileManager.default.removeItem(at: folder) }
        let attempts = Mutex(0)
        let full = DiskCache.FileWriter { _, _ throws(DiskCacheFailure) in
            attempts.withLock { $0 += 1 }
            throw DiskCacheFailure(description: "cannot write in /cache: No space left on device")
        }
        let network = TestNetwork(diskCache: DiskCacheSettings(folder: folder, writer: full))
        let environment = network.environment
        let manager = environment.makeRentListManager(landingPoint: environment.makeLandingPoint("list"))
        let delegate = RecordingDelegate()
        manager.delegate = delegate
        let (_, events) = await Support.traced {
            await delegate.load { manager.loadFirstPage() }
            await delegate.load { manager.loadNextPage() }
        }
        let reports = events.filter { $0.detail.hasPrefix("disk cache off") }
        #expect(reports.map(\.detail) == ["disk cache off: cannot write in /cache: No space left on device; going on from memory"])
        #expect(attempts.withLock { $0 } == 1, "once off, the tier does not try again")
        #expect(environment.cache.statistics.disk?.problem == "cannot write in /cache: No space left on device")
        // Memory still answers.
        #expect(await delegate.load { manager.loadFirstPage() } == .success)
        #expect(environment.journal.records.last?.outcome == .cacheHit)
        #expect(environment.journal.records.last?.cacheTier == .memory)
    }

    @Test func twoProcessesSharingTheFolderNeverSeeHalfAnEntry() async {
        defer { try? FileManager.default.removeItem(at: folder) }
        // Two tiers share nothing but the folder, as two mvx processes do; each writes and reads the
        // same keys from its own thread. A torn file would fail its checksum and count as discarded.
        let values = (0..<4).map { writer in (0..<3).map { [UInt8](repeating: UInt8(writer * 16 + $0), count: 20_000) } }
        let first = tier(), second = tier()
        await withTaskGroup(of: Void.self) { group in
            for (index, cache) in [first, second].enumerated() {
                group.addTask {
                    for round in 0..<150 {
                        let key = "key \(round % 5)"
                        cache.write(values[index * 2 + round % 2][round % 3], for: key, expiresAt: Int64.max)
                        if let read = cache.read("key \((round + 2) % 5)")?.bytes {
                            #expect(values.joined().contains(read), "a read is one whole stored value")
                        }
                    }
                }
            }
        }
        #expect(first.statistics.discarded == 0)
        #expect(second.statistics.discarded == 0)
        #expect(files().allSatisfy { !$0.hasPrefix(".") }, "no temporary file is left behind")
    }

    @Test func aDataEntryFromAnEarlierRunIsADiskHitThenAMemoryHit() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let clock = TestClock()
        let settings = DiskCacheSettings(folder: folder, epoch: 1_700_000_000_000)
        let earlier = TestNetwork(clock: clock, diskCache: settings).environment
        let manager = earlier.makePersonManager(landingPoint: earlier.makeLandingPoint("greeting"))
        let delegate = RecordingDelegate()
        manager.delegate = delegate
        manager.parameters = ["id": "dynamo"]
        #expect(await delegate.load { manager.loadData() } == .success)
        let person = try #require(manager.fetchData())

        let later = TestNetwork(clock: clock, diskCache: settings).environment
        let again = later.makePersonManager(landingPoint: later.makeLandingPoint("greeting"))
        again.delegate = delegate
        again.parameters = ["id": "dynamo"]
        let (sent, events) = await Support.traced { again.loadData() }
        #expect(!sent && again.fetchData() == person, "answered from the disk inside the call")
        #expect(events.contains { $0.detail == "cache hit (disk) person.get id=dynamo" })
        #expect(later.journal.records.map(\.cacheTier) == [.disk])
        #expect(await delegate.load { again.loadData() } == .success)
        #expect(later.journal.records.map(\.cacheTier) == [.disk, .memory])
        #expect(later.cache.statistics.memoryHits == 1)
        #expect(later.cache.statistics.disk?.hits == 1)

        // A run three minutes later finds it expired: the load asks the server.
        var later3 = settings
        later3.epoch += 180_000
        let third = TestNetwork(clock: clock, diskCache: later3).environment
        let fresh = third.makePersonManager(landingPoint: third.makeLandingPoint("greeting"))
        fresh.delegate = delegate
        fresh.parameters = ["id": "dynamo"]
        #expect(await delegate.load { fresh.loadData() } == .success)
        #expect(third.journal.records.map(\.outcome) == [.succeeded(items: nil)])
    }

    @Test func anAPIMarkedNeverIsKeptInNeitherTier() async {
        defer { try? FileManager.default.removeItem(at: folder) }
        let environment = TestNetwork(diskCache: DiskCacheSettings(folder: folder)).environment
        let manager = environment.makeManager(BalanceAPI(), landingPoint: environment.makeLandingPoint("account"))
        let delegate = RecordingDelegate()
        manager.delegate = delegate
        manager.parameters = ["id": "dynamo"]
        #expect(await delegate.load { manager.loadData() } == .success)
        #expect(await delegate.load { manager.loadData() } == .success)
        #expect(environment.journal.records.map(\.outcome) == [.succeeded(items: nil), .succeeded(items: nil)])
        #expect(environment.cache.statistics.memoryEntries == 0)
        #expect(environment.cache.statistics.disk?.entries == 0)
    }

    @Test func withoutADiskTierNothingIsWritten() async {
        let environment = TestNetwork().environment
        let manager = environment.makeRentListManager(landingPoint: environment.makeLandingPoint("list"))
        let delegate = RecordingDelegate()
        manager.delegate = delegate
        #expect(await delegate.load { manager.loadFirstPage() } == .success)
        #expect(environment.cache.statistics.disk == nil)
        #expect(!FileManager.default.fileExists(atPath: folder.path))
    }
}

/// casatwy's example of data that must never be cached: an account balance. Served by the person
/// service here (the fake server has no bank), marked `.never`.
struct BalanceAPI: APIDescriptor {
    var method: String { PersonAPI().method }
    var service: Service { .person }
    var cachePolicy: CachePolicy { .never }
    var requestPolicy: RequestPolicy { .ignoreIfLoading }
    func validate(parameters: CanonicalParameters) throws(APIError) {}
    func validate(response: JSONValue, parameters: CanonicalParameters) throws(APIError) {}
}

/// Milliseconds since 1970, as the test sets them.
final class WallTime: Sendable {
    private let value = Mutex<Int64>(1_000_000)
    var now: Int64 {
        get { value.withLock { $0 } }
        set { value.withLock { $0 = newValue } }
    }
}
