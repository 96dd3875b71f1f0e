#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Model

/// What a screen module needs to make managers: the transport, the clock, the shared cache and the
/// default interceptors — what a real app's network layer has. How the other end of the transport
/// behaves (the fake server's latency and failures) is not the network layer's business: the
/// composition root picks the transport (see `NetworkEnvironment.fake(…)` in `FakeServer`) and
/// hands the environment to every pattern module.
@MainActor
package final class NetworkEnvironment {
    /// Where the managers made here send their signed requests.
    package let transport: any Transport
    package let clock: NetworkClock
    /// Shared by every manager made here; `cache.removeAll()` clears it (memory and disk).
    package let cache: ResponseCache
    /// The listings' pictures, through their own cache (by size, where data goes by age): made when
    /// first asked for, which a start on the greeting screen never does before its first frame.
    package private(set) lazy var images = ImageLoader(
        cache: ImageCache(memoryLimit: imageMemoryLimit, disk: imageTier),
        transport: transport, clock: clock, monitor: monitor, journal: journal)
    private let imageMemoryLimit: Int
    private let imageTier: DiskCache?
    /// Given to every manager made from now on.
    package var interceptors: [any APIInterceptor]
    /// Every request in flight from managers made here.
    package let monitor: RequestMonitor
    /// The recent calls to managers made here and what became of them (the network inspector's list).
    package let journal: RequestJournal
    /// The managers' calls, sent to the log service in batches; nil until `makeOperationLog(folder:)`.
    package private(set) var operationLog: OperationLog?
    /// Posts the network type's changes: the one notification (see `NetworkTypeNotifier`).
    package let networkTypeNotifier: NetworkTypeNotifier

    /// An environment sending through `transport`, timed by `clock`.
    package convenience init(
        transport: any Transport, clock: any Clock<Duration> = ContinuousClock(), cacheCapacity: Int = 256,
        interceptors: [any APIInterceptor] = [TracingInterceptor()], networkType: NetworkType = .wifi,
        diskCache: DiskCacheSettings? = nil
    ) {
        self.init(
            transport: transport, clock: NetworkClock(clock), cacheCapacity: cacheCapacity, interceptors: interceptors,
            networkType: networkType, diskCache: diskCache)
    }

    /// The same, with an already wrapped clock (shared with the transport).
    package init(
        transport: any Transport, clock: NetworkClock, cacheCapacity: Int = 256,
        interceptors: [any APIInterceptor] = [TracingInterceptor()], networkType: NetworkType = .wifi,
        diskCache: DiskCacheSettings? = nil
    ) {
        self.transport = transport
        self.clock = clock
        let tiers = diskCache?.makeTiers(clock: clock)
        self.cache = ResponseCache(clock: clock, capacity: cacheCapacity, disk: tiers?.responses)
        self.interceptors = interceptors
        self.monitor = RequestMonitor(sleepers: clock.sleepers)
        self.journal = RequestJournal()
        self.networkTypeNotifier = NetworkTypeNotifier(initial: networkType)
        self.imageMemoryLimit = diskCache?.imageMemoryLimit ?? ImageCache.defaultMemoryLimit
        self.imageTier = tiers?.images
    }

    func setOperationLog(_ log: OperationLog) {
        operationLog = log
    }

    /// A landing point for one screen module; call `cancelAll()` on it when the module goes away.
    package func makeLandingPoint(_ name: String) -> LandingPoint {
        LandingPoint(name: name)
    }

    /// A manager for any API descriptor.
    package func makeManager<API: APIDescriptor>(_ api: API, landingPoint: LandingPoint) -> APIManager<API> {
        APIManager(
            api: api, transport: transport, cache: cache, clock: clock, landingPoint: landingPoint,
            interceptors: interceptors, monitor: monitor, journal: journal)
    }

    package func makeRentListManager(landingPoint: LandingPoint) -> RentListManager {
        makeManager(RentListAPI(), landingPoint: landingPoint)
    }

    package func makeNewHomesListManager(landingPoint: LandingPoint) -> NewHomesListManager {
        makeManager(NewHomesListAPI(), landingPoint: landingPoint)
    }

    package func makeSecondHandListManager(landingPoint: LandingPoint) -> SecondHandListManager {
        makeManager(SecondHandListAPI(), landingPoint: landingPoint)
    }

    /// The list manager for one kind of listing, when the kind is only known at run time.
    package func makeListManager(for kind: ListingKind, landingPoint: LandingPoint) -> any PagedAPIManaging {
        switch kind {
        case .rent: makeRentListManager(landingPoint: landingPoint)
        case .newHome: makeNewHomesListManager(landingPoint: landingPoint)
        case .secondHand: makeSecondHandListManager(landingPoint: landingPoint)
        }
    }

    /// The manager of one source of the list: its team's list manager, or for "All" the three
    /// teams' managers merged into one.
    package func makeListManager(for source: ListingSource, landingPoint: LandingPoint) -> any PagedDataManaging {
        guard source == .all else { return makeListManager(for: source.kinds[0], landingPoint: landingPoint) }
        return MergedListManager(managers: source.kinds.map { makeListManager(for: $0, landingPoint: landingPoint) })
    }

    /// One manager per source, every one on `landingPoint`: what a list screen's data role holds.
    package func makeListManagers(landingPoint: LandingPoint) -> [ListingSource: any PagedDataManaging] {
        var managers: [ListingSource: any PagedDataManaging] = [:]
        for source in ListingSource.allCases { managers[source] = makeListManager(for: source, landingPoint: landingPoint) }
        return managers
    }

    /// A person manager; set `parameters = ["id": person.id]` (or a parameter source) before loading.
    package func makePersonManager(landingPoint: LandingPoint) -> PersonManager {
        makeManager(PersonAPI(), landingPoint: landingPoint)
    }
}
