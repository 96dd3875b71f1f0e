import Clocks
import Model
import Networking
import Reformers
import Testing
@testable import VIPER
import TestSupport

/// The list interactor alone, with a spy output: on the real managers over the fake network, or
/// on a fake feed where the network cannot easily say it (an empty source).
@MainActor
@Suite("VIPER listings interactor")
struct VIPERListingsInteractorTests {
    private let output = OutputSpy()
    private let appState = AppState()

    private func makeInteractor(_ network: NetworkEnvironment) -> (ListingsInteractor, LandingPoint) {
        let landingPoint = network.makeLandingPoint("test")
        let interactor = ListingsInteractor(
            appState: appState, feeds: ListingsFeedFactory.makeFeeds(network: network, landingPoint: landingPoint),
            networkStatus: network.makeNetworkStatus())
        interactor.output = output
        return (interactor, landingPoint)
    }

    @Test("the first page of the shared source")
    func firstPage() async {
        let network = TestNetwork().environment
        let (interactor, _) = makeInteractor(network)
        interactor.loadListings()
        await network.settle()
        #expect(output.calls == ["loading Rent", "page 20"])
        #expect(output.last?.items.allSatisfy { $0.kindLabel == "Rent" } == true)
        #expect(output.last?.isLastPage == false)
    }

    @Test("switching source cancels the previous one; its late reply is dropped")
    func switchCancelsPrevious() async {
        let clock = TestClock<Duration>()
        let network = TestNetwork(latency: .milliseconds(300), clock: clock).environment
        let (interactor, _) = makeInteractor(network)
        interactor.loadListings()
        await network.settle()
        interactor.switchSource(to: .newHomes)
        await network.settle()
        await clock.advance(by: .milliseconds(300))
        await network.settle()
        #expect(output.calls == ["loading Rent", "switched New homes", "loading New homes", "page 20"])
        #expect(output.last?.items.allSatisfy { $0.kindLabel == "New home" } == true)
        #expect(appState.listingSource == .newHomes)
    }

    @Test("a source loaded before comes back from the cache, without waiting for the network")
    func cacheHitOnReturn() async {
        let clock = TestClock<Duration>()
        let network = TestNetwork(latency: .milliseconds(300), clock: clock).environment
        let (interactor, _) = makeInteractor(network)
        interactor.loadListings()
        await network.settle()
        await clock.advance(by: .milliseconds(300))
        interactor.switchSource(to: .all)
        await network.settle()
        await clock.advance(by: .milliseconds(300))
        await network.settle()

        interactor.switchSource(to: .rent)
        await network.settle()  // the clock does not move: only the cache can answer
        #expect(output.calls.suffix(2) == ["loading Rent", "page 20"])
        #expect(network.monitor.inFlight == 0)
    }

    @Test("paging to the end: every page once, then no more")
    func pagingToTheEnd() async {
        let network = TestNetwork().environment
        let (interactor, _) = makeInteractor(network)
        interactor.loadListings()
        await network.settle()
        for _ in 0..<5 {
            interactor.loadNextPage()
            await network.settle()
        }
        #expect(output.calls == ["loading Rent", "page 20", "loading more", "more 40", "loading more", "more 60",
                                 "loading more", "more 72"])
        #expect(output.last?.isLastPage == true)
    }

    @Test("a failed next page keeps the rows; reaching the end again retries the same page")
    func nextPageFailure() async {
        let network = TestNetwork().environment
        let (interactor, _) = makeInteractor(network)
        interactor.loadListings()
        await network.settle()
        network.scenario?.offline = true
        interactor.loadNextPage()
        await network.settle()
        network.scenario?.offline = false
        interactor.loadNextPage()
        await network.settle()
        #expect(output.calls.suffix(4) == ["loading more", "more failed No network connection.", "loading more", "more 40"])
    }

    @Test("a failed first page is reported; a refresh retries it")
    func failureAndRetry() async {
        let network = TestNetwork(offline: true).environment
        let (interactor, _) = makeInteractor(network)
        interactor.loadListings()
        await network.settle()
        #expect(output.calls == ["loading Rent", "failed No network connection."])
        network.scenario?.offline = false
        interactor.refresh()
        await network.settle()
        #expect(output.calls.suffix(2) == ["loading Rent", "page 20"])
    }

    @Test("the network type reaches the output; a first page failed offline is refreshed when back; none after teardown")
    func networkType() async {
        let network = TestNetwork(offline: true).environment
        let status = FakeNetworkStatus(.offline)
        let landingPoint = network.makeLandingPoint("test")
        let interactor = ListingsInteractor(
            appState: appState, feeds: ListingsFeedFactory.makeFeeds(network: network, landingPoint: landingPoint),
            networkStatus: status)
        interactor.output = output
        interactor.loadListings()
        await network.settle()
        #expect(output.networkTypes == [.offline])
        #expect(output.calls == ["loading Rent", "failed No network connection."])
        network.setServerOffline(false)
        status.send(.cellular3G)
        await network.settle()
        #expect(output.networkTypes == [.offline, .cellular3G])
        #expect(output.calls.suffix(2) == ["loading Rent", "page 20"])
        interactor.cancelLoading()
        #expect(!status.isObserved)
        status.send(.cellular2G)
        #expect(output.networkTypes.count == 2, "no delivery after teardown")
    }

    @Test("ignore-if-loading: a refresh while loading does nothing")
    func refreshWhileLoading() async {
        let clock = TestClock<Duration>()
        let network = TestNetwork(latency: .milliseconds(300), clock: clock).environment
        let (interactor, _) = makeInteractor(network)
        interactor.loadListings()
        interactor.refresh()
        await network.settle()
        interactor.refresh()
        await clock.advance(by: .milliseconds(300))
        await network.settle()
        #expect(output.calls == ["loading Rent", "page 20"])
    }

    @Test("the selection is kept in the shared state and found again when the list reloads")
    func selectionKept() async throws {
        let network = TestNetwork().environment
        let (interactor, _) = makeInteractor(network)
        interactor.loadListings()
        await network.settle()
        interactor.selectListing(at: 2)
        #expect(appState.selectedListingID == "rent:r-003")

        interactor.switchSource(to: .secondHand)
        await network.settle()
        #expect(output.last?.selectedIndex == 0, "not among these listings: the first row")
        interactor.switchSource(to: .rent)
        await network.settle()
        #expect(output.last?.selectedIndex == 2)
    }

    @Test("opening a listing of All hands over its id only, and remembers it as the selection")
    func openHandsOverTheID() async throws {
        let network = TestNetwork().environment
        appState.listingSource = .all
        let (interactor, _) = makeInteractor(network)
        interactor.loadListings()
        await network.settle()
        interactor.openListing(at: 1)
        let opened = try #require(output.opened)
        #expect(opened.listingID.hasPrefix("newHome:"), "All interleaves rent, new homes, second-hand")
        #expect(appState.selectedListingID == opened.listingID)
    }

    @Test("one ignore rule: a refresh while the next page loads is ignored, and does not empty the list")
    func refreshWhileNextPageLoads() async {
        let clock = TestClock<Duration>()
        let network = TestNetwork(latency: .milliseconds(300), clock: clock).environment
        let (interactor, _) = makeInteractor(network)
        interactor.loadListings()
        await network.settle()
        await clock.advance(by: .milliseconds(300))
        await network.settle()
        interactor.loadNextPage()
        await network.settle()
        interactor.refresh()
        await clock.advance(by: .milliseconds(300))
        await network.settle()
        #expect(output.calls == ["loading Rent", "page 20", "loading more", "more 40"])
    }

    @Test("a refresh says it is loading but never that the source changed: the presenter keeps the rows")
    func refreshKeepsRows() async {
        let network = TestNetwork().environment
        let (interactor, _) = makeInteractor(network)
        interactor.loadListings()
        await network.settle()
        interactor.refresh()
        await network.settle()
        #expect(output.calls == ["loading Rent", "page 20", "loading Rent", "page 20"])
    }

    @Test("an empty source loads no rows (a fake feed stands in for the network)")
    func emptySource() async {
        let feeds = Dictionary(uniqueKeysWithValues: ListingSource.allCases.map { ($0, EmptyFeed() as any ListingsFeed) })
        let interactor = ListingsInteractor(appState: appState, feeds: feeds, networkStatus: FakeNetworkStatus())
        interactor.output = output
        interactor.loadListings()
        await output.untilCalls(2)  // the first page arrives from the interactor's own task
        interactor.loadNextPage()
        #expect(output.calls == ["loading Rent", "page 0"])
    }

    @Test("teardown: once cancelled, nothing more reaches the output")
    func teardown() async {
        let clock = TestClock<Duration>()
        let network = TestNetwork(latency: .milliseconds(300), clock: clock).environment
        let (interactor, landingPoint) = makeInteractor(network)
        interactor.loadListings()
        await network.settle()
        landingPoint.cancelAll()
        interactor.cancelLoading()
        await clock.advance(by: .milliseconds(300))
        await network.settle()
        #expect(output.calls == ["loading Rent"])
        #expect(network.monitor.inFlight == 0)
    }
}

@MainActor
private final class OutputSpy: ListingsInteractorOutput {
    var calls: [String] = [] {
        didSet { resumeWaiters() }
    }
    private var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    var last: ListingsData?
    var opened: SelectedListingData?

    func didSwitchSource(to source: ListingSource) { calls.append("switched \(source.label)") }
    func didStartLoading(_ source: ListingSource) { calls.append("loading \(source.label)") }
    func didLoadFirstPage(_ listings: ListingsData) { (last, calls) = (listings, calls + ["page \(listings.items.count)"]) }
    func didFailToLoad(message: String) { calls.append("failed \(message)") }
    func didStartLoadingMore() { calls.append("loading more") }
    /// Apart from `calls`: the loading tests read those in order.
    var networkTypes: [NetworkType] = []
    func didProvideNetworkType(_ networkType: NetworkType) { networkTypes.append(networkType) }
    func didLoadMore(_ listings: ListingsData) { (last, calls) = (listings, calls + ["more \(listings.items.count)"]) }
    func didFailToLoadMore(message: String) { calls.append("more failed \(message)") }
    func didOpenListing(_ listing: SelectedListingData) { opened = listing }

    /// Returns once `count` calls have arrived: an event to wait for where no network is involved.
    func untilCalls(_ count: Int) async {
        guard calls.count < count else { return }
        await withCheckedContinuation { waiters.append((count, $0)) }
    }

    private func resumeWaiters() {
        let ready = waiters.filter { calls.count >= $0.count }
        waiters.removeAll { calls.count >= $0.count }
        for waiter in ready { waiter.continuation.resume() }
    }
}

/// A source with nothing in it.
@MainActor
private final class EmptyFeed: ListingsFeed {
    var isLoading: Bool { false }
    var isLastPage: Bool { true }
    func loadFirstPage() async throws(LoadFailure) -> [Listing] { [] }
    func refresh() async throws(LoadFailure) -> [Listing] { [] }
    func loadNextPage() async throws(LoadFailure) -> [Listing] { [] }
    func detail(ofListingID listingID: String) -> ListingDetail? { nil }
    func cancelAllRequests() {}
}
