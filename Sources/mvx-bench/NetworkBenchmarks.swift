import FakeServer
import Foundation
import Model
import Networking
import ModelServices
import Tracing

/// The network layer's figures: reforming 100,000 raw listings, one cache hit, and one full
/// request at zero latency (sign, fake server, parse, validate, interceptors, reformer).
/// Main-actor isolated because managers are; call it from `main.swift` with `await`.
@MainActor
func runNetworkBenchmarks() async {
    Report.section("Network layer")

    // Reform: 100,000 raw listings, a third in each team's schema, through the one reformer.
    let kinds: [(ListingSchema, ResponseSource)] = [
        (.rent, ResponseSource(service: .rent, method: "rent.list")),
        (.newHome, ResponseSource(service: .newHomes, method: "xinfang.list")),
        (.secondHand, ResponseSource(service: .secondHand, method: "esf.list")),
    ]
    let reformer = PropertyListReformer()
    var reformNanoseconds = 0.0
    for (schema, source) in kinds {
        let items: [JSONValue] = (0..<33_334).map { index in
            .object([
                schema.id: .string("id-\(index)"), schema.name: .string(index % 2 == 0 ? "阳光花园\(index)号楼" : "Riverside Court \(index)"),
                schema.title: .string("两室一厅 89㎡ 近地铁，精装修"), schema.imageURL: .string("https://img.example.cn/\(index).jpg"),
                schema.price: .number(Double(4500 + index % 1000)), schema.area: .number(89.5), schema.district: .string("浦东新区"),
            ])
        }
        let data = JSONValue.object(["items": .array(items)])
        var count = 0
        reformNanoseconds += medianNanoseconds(runs: 5) { count = reformer.reform(data, from: source).count }
        precondition(count == items.count)
    }
    Report.figure("reform 100,000 raw listings (3 schemas)", reformNanoseconds / 1e6, unit: "ms", aim: "≤ 100 ms")

    // Cache hit.
    let cache = ResponseCache(clock: NetworkClock(ContinuousClock()))
    let key = CacheKey(service: "rent", method: "rent.list", parameters: CanonicalParameters(["page": "1", "page_size": "20"]))
    cache.store(.object(["items": .array([])]), for: key, timeToLive: .seconds(180))
    var hits = 0
    let hit = medianNanoseconds(runs: 7, iterations: 100_000) { if cache.value(for: key) != nil { hits += 1 } }
    precondition(hits > 0)
    Report.figure("cache hit", hit / 1e3, unit: "µs", aim: "≤ 2 µs")

    guard let fixtures = try? Fixtures.bundled() else {
        print("bundled fixtures missing; full-request figure skipped")
        return
    }
    await benchmarkFullRequest(fixtures: fixtures)
    await benchmarkBatchSend(fixtures: fixtures)
}

/// A full request at zero latency through transport, interceptors and reformer, as a role makes it:
/// sign, the fake server's page, parse, validate, cache, deliver to the delegate, reform. The
/// request starts on a later turn than `loadFirstPage()`, so the figure includes the main queue's
/// thread wake-ups. `MVX_BENCH_ONLY=request` runs only this (for a profiler).
@MainActor
func benchmarkFullRequest(fixtures: Fixtures, iterations: Int = 2_000) async {
    let environment = NetworkEnvironment.fake(fixtures: fixtures, scenario: .instant)
    let landing = environment.makeLandingPoint("bench")
    let manager = environment.makeRentListManager(landingPoint: landing)
    let reformer = PropertyListReformer()
    var samples: [Double] = []
    for _ in 0..<7 {
        samples.append(await roleLoads(iterations, manager: manager, reformer: reformer, cache: environment.cache))
    }
    samples.sort()
    Report.figure("full request by delegate, zero latency (20 items)",
                  samples[samples.count / 2] / Double(iterations) / 1e3, unit: "µs")
    landing.cancelAll()
}

/// Nanoseconds of `count` loads as a role starts them (`loadFirstPage()`, the reply by delegate),
/// each from an event of its own as a key press would (a fresh main-actor job): timed from the
/// start to the delegate's success callback, the reply reformed; the gaps between loads are not timed.
@MainActor
private func roleLoads(_ count: Int, manager: RentListManager, reformer: PropertyListReformer, cache: ResponseCache) async -> Double {
    // Held here for the whole run: the manager holds its delegate weakly, as a screen's would be.
    let loads = RoleLoads(count, manager: manager, reformer: reformer, cache: cache)
    return await withCheckedContinuation { (finished: CheckedContinuation<Double, Never>) in
        loads.start(finished)
    }
}

@MainActor
private final class RoleLoads: APIManagerDelegate {
    private var remaining: Int
    private var timed = Duration.zero
    private var started: ContinuousClock.Instant?
    private let manager: RentListManager
    private let reformer: PropertyListReformer
    private let cache: ResponseCache
    private var finished: CheckedContinuation<Double, Never>?
    private let clock = ContinuousClock()

    init(_ count: Int, manager: RentListManager, reformer: PropertyListReformer, cache: ResponseCache) {
        remaining = count
        self.manager = manager
        self.reformer = reformer
        self.cache = cache
    }

    /// Starts the first load; `finished` gets the total once the last one has landed.
    func start(_ finished: CheckedContinuation<Double, Never>) {
        self.finished = finished
        startNext()
    }

    private func startNext() {
        cache.removeAll()  // measure the network path, not the cache
        manager.delegate = self
        started = clock.now
        manager.loadFirstPage()
    }

    func managerDidSucceed(_ manager: any DataManaging) {
        _ = manager.fetchData(with: reformer)
        if let started { timed += started.duration(to: clock.now) }
        remaining -= 1
        if remaining == 0 {
            self.manager.delegate = nil
            finished?.resume(returning: Double(timed.components.seconds) * 1e9 + Double(timed.components.attoseconds) / 1e9)
        } else {
            Task { self.startNext() }  // the next load from an event of its own
        }
    }

    func managerDidFail(_ manager: any DataManaging, error: APIError) {
        fatalError("a zero-latency request failed: \(error)")
    }
}

/// The operation log: 30 calls recorded (each a line in a temporary file) and the batch they
/// make sent to the log service and acknowledged, on an instant clock.
@MainActor
private func benchmarkBatchSend(fixtures: Fixtures) async {
    let folder = FileManager.default.temporaryDirectory.appending(path: "mvx-bench-oplog-\(getpid())")
    defer { try? FileManager.default.removeItem(at: folder) }
    let environment = NetworkEnvironment.fake(fixtures: fixtures, scenario: .instant, clock: InstantClock())
    let log = environment.makeOperationLog(folder: folder)
    log.open()
    let call = "rent.list page=1&page_size=20"
    let clock = ContinuousClock()
    let iterations = 200
    var samples: [Double] = []
    for _ in 0..<7 {
        let elapsed = await clock.measure {
            for _ in 0..<iterations {
                for _ in 0..<OperationLog.batchSize { log.record(call, pattern: "MVC") }
                await environment.monitor.untilSettled()
            }
        }
        samples.append(Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9)
    }
    precondition(log.unsentCount == 0 && log.batches.last?.status == .sent(accepted: 30, duplicates: 0))
    samples.sort()
    Report.figure("batch send (30 entries on disk, one request)", samples[samples.count / 2] / Double(iterations) / 1e3,
                  unit: "µs", aim: "≤ 2,000 µs")
}
