import Clocks
import Foundation
import Networking
import Synchronization
import Testing
import Tracing

/// Pictures: memory first, then disk, then the image service; each tier evicts by size.
@MainActor @Suite(.timeLimit(.minutes(1))) struct ImageCacheTests {
    private let folder = FileManager.default.temporaryDirectory.appending(path: "mvx-images-\(UUID().uuidString)")

    private func picture(_ seed: UInt8, bytes: Int = 1000) -> [UInt8] { [UInt8](repeating: seed, count: bytes) }

    @Test func memoryEvictsTheLeastRecentlyUsedOnceOverItsLimit() {
        let cache = ImageCache(memoryLimit: 2500)
        cache.store(picture(1), for: "a")
        cache.store(picture(2), for: "b")
        _ = cache.lookUp("a")  // b is now the least recently used
        cache.store(picture(3), for: "c")
        #expect(cache.lookUp("b") == nil)
        #expect(cache.lookUp("a")?.bytes == picture(1))
        #expect(cache.lookUp("c")?.tier == .memory)
        let statistics = cache.statistics
        #expect(statistics.memoryEntries == 2 && statistics.memoryBytes == 2000)
        #expect(statistics.memoryEvictions == 1)
        #expect(statistics.misses == 1)
    }

    @Test func aPictureEvictedFromMemoryComesBackFromDisk() {
        defer { try? FileManager.default.removeItem(at: folder) }
        let disk = DiskCache(folder: folder, rule: .bySize(limit: 100_000), now: { 0 })
        let cache = ImageCache(memoryLimit: 1500, disk: disk)
        cache.store(picture(1), for: "a")
        cache.store(picture(2), for: "b")  // a leaves memory, not disk
        #expect(cache.lookUp("a")?.tier == .disk)
        #expect(cache.lookUp("a")?.tier == .memory, "a disk hit is kept in memory again")
        #expect(cache.statistics.disk?.hits == 1)
        #expect(cache.statistics.disk?.entries == 2)
    }

    @Test func theLoaderTriesMemoryThenDiskThenTheServiceAndJournalsEach() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let transport = PictureTransport()
        let settings = DiskCacheSettings(folder: folder, imageMemoryLimit: 1500)
        let environment = NetworkEnvironment(transport: transport, clock: ImmediateClock(), interceptors: [], diskCache: settings)
        let loader = environment.images
        let (first, events) = try await traced { try await loader.image(at: "https://img/1.jpg") }
        #expect(first == PictureTransport.bytes(for: "https://img/1.jpg"))
        #expect(events.map(\.detail).contains("GET image.get → ok, 0 ms"))
        _ = try await loader.image(at: "https://img/2.jpg")
        _ = try await loader.image(at: "https://img/2.jpg")
        _ = try await loader.image(at: "https://img/1.jpg")  // evicted from memory by 2: from disk
        #expect(transport.requests == ["https://img/1.jpg", "https://img/2.jpg"])
        let records = environment.journal.records
        #expect(records.map(\.outcome) == [.succeeded(items: nil), .succeeded(items: nil), .cacheHit, .cacheHit])
        #expect(records.map(\.cacheTier) == [nil, nil, .memory, .disk])
        #expect(records.map(\.method) == Array(repeating: "image.get", count: 4))
        #expect(records.first?.byteCount == first.count)
        #expect(loader.cachedImage(at: "https://img/3.jpg") == nil)
    }

    @Test("a reply that is not a picture fails and is not cached", arguments: ["empty", "huge"])
    func badRepliesAreNotCached(_ kind: String) async {
        let transport = PictureTransport(reply: kind == "empty" ? [] : [UInt8](repeating: 1, count: ImageAPI.byteLimit + 1))
        let environment = NetworkEnvironment(transport: transport, clock: ImmediateClock(), interceptors: [])
        await #expect(throws: APIError.self) { try await environment.images.image(at: "https://img/1.jpg") }
        #expect(environment.images.cache.statistics.memoryEntries == 0)
        #expect(environment.journal.records.map(\.outcome.isFailure) == [true])
    }

    @Test func anEmptyOrOverlongURLIsRefusedBeforeSending() async {
        let transport = PictureTransport()
        let environment = NetworkEnvironment(transport: transport, clock: ImmediateClock(), interceptors: [])
        await #expect(throws: APIError.parameters("a listing without a picture URL")) { try await environment.images.image(at: "") }
        await #expect(throws: APIError.self) {
            try await environment.images.image(at: String(repeating: "x", count: 5000))
        }
        #expect(transport.requests.isEmpty)
        #expect(environment.journal.records.allSatisfy { ($0.parameters?.canonicalString.count ?? 0) < 200 },
                "the journal keeps a cut URL, not 5,000 characters")
    }

    private func traced<R>(isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> R) async rethrows -> (R, [TraceEvent]) {
        let buffer = TraceBuffer()
        let tracer = Tracer(sinks: [buffer])
        let result = try await Trace.$context.withValue(tracer.beginAction("test", pattern: "Test")) { try await body() }
        return (result, buffer.events)
    }
}

/// Answers every picture request with bytes made from its URL (or a fixed reply), and counts them.
final class PictureTransport: Transport, Sendable {
    private let sent = Mutex<[String]>([])
    private let reply: [UInt8]?

    init(reply: [UInt8]? = nil) {
        self.reply = reply
    }

    static func bytes(for url: String) -> [UInt8] { Array(("picture of " + url).utf8) + [UInt8](repeating: 0, count: 900) }

    var requests: [String] { sent.withLock { $0 } }

    func send(_ request: SignedRequest) async throws(APIError) -> [UInt8] {
        let url = request.parameters[ImageAPI.urlParameter] ?? ""
        sent.withLock { $0.append(url) }
        return reply ?? Self.bytes(for: url)
    }
}

extension RequestOutcome {
    var isFailure: Bool {
        if case .failed = self { true } else { false }
    }
}
