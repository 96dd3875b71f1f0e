import FakeServer
import Foundation
import Networking

/// The disk tier's figures: a listings page answered from disk (read, checksum, parse, back into
/// memory) and a picture answered from disk, each with memory empty so the disk is what is timed.
/// In a temporary folder, removed afterwards.
@MainActor
func runCacheBenchmarks() async {
    Report.section("Cache tiers")
    let folder = FileManager.default.temporaryDirectory.appending(path: "mvx-bench-cache-\(getpid())")
    defer { try? FileManager.default.removeItem(at: folder) }
    guard let fixtures = try? Fixtures.bundled() else {
        print("bundled fixtures missing; cache figures skipped")
        return
    }
    // A real first page, stored by a real request, so the entry is the size the app writes.
    let settings = DiskCacheSettings(folder: folder)
    let environment = NetworkEnvironment.fake(fixtures: fixtures, scenario: .instant, diskCache: settings)
    let manager = environment.makeRentListManager(landingPoint: environment.makeLandingPoint("bench"))
    guard await FirstPage.load(manager), let disk = environment.cache.disk,
          let record = environment.journal.records.last, let parameters = record.parameters
    else {
        print("the first page did not load; cache figures skipped")
        return
    }
    let key = CacheKey(service: record.service, method: record.method, parameters: parameters)
    let clock = NetworkClock(ContinuousClock())
    var hits = 0
    let dataHit = medianNanoseconds(runs: 7, iterations: 500) {
        // A fresh memory tier each time: the lookup misses memory and reads the disk.
        if ResponseCache(clock: clock, capacity: 1, disk: disk).lookUp(key)?.tier == .disk { hits += 1 }
    }
    precondition(hits > 0, "the page must come from disk")
    let fileBytes = disk.statistics.bytes
    Report.figure("disk-cache hit, one listings page (\(ByteCountText.of(fileBytes)) file)", dataHit / 1e3, unit: "µs")

    let pictures = DiskCache(folder: folder.appending(path: "images"), rule: .bySize(limit: ImageCache.defaultDiskLimit),
                             now: { 0 })
    let picture = [UInt8](repeating: 0x5A, count: 15 + 32 * 16 * 3)
    pictures.write(picture, for: "https://img.anjuke-fake.cn/rent/001.jpg")
    var pictureHits = 0
    let pictureHit = medianNanoseconds(runs: 7, iterations: 500) {
        if ImageCache(disk: pictures).lookUp("https://img.anjuke-fake.cn/rent/001.jpg")?.tier == .disk { pictureHits += 1 }
    }
    precondition(pictureHits > 0, "the picture must come from disk")
    Report.figure("disk-cache hit, one picture (32×16 PPM)", pictureHit / 1e3, unit: "µs")
}

/// A first page loaded as a role loads it: by delegate.
@MainActor
private final class FirstPage: APIManagerDelegate {
    private var finished: CheckedContinuation<Bool, Never>?

    /// True once `manager`'s first page has loaded; false when it failed or was not sent.
    static func load(_ manager: any PagedDataManaging) async -> Bool {
        // Held here until the answer: the manager holds its delegate weakly.
        let listener = FirstPage()
        manager.delegate = listener
        defer { manager.delegate = nil }
        return await withCheckedContinuation { finished in
            listener.finished = finished
            // Not sent: answered inside the call (the delegate has heard) or ignored (nothing will come).
            if !manager.loadFirstPage() { listener.answer(false) }
        }
    }

    private func answer(_ loaded: Bool) {
        finished?.resume(returning: loaded)
        finished = nil
    }

    func managerDidSucceed(_ manager: any DataManaging) { answer(true) }
    func managerDidFail(_ manager: any DataManaging, error: APIError) { answer(false) }
}
