import Clocks
import Model
import Networking
import ModelServices
import Testing
@testable import VIPER
import TestSupport

/// The list interactor alone, with a spy output, on the real managers over the fake network.
@MainActor
@Suite("VIPER listings interactor", .timeLimit(.minutes(1)))
struct VIPERListingsInteractorTests {
    private let output = OutputSpy()
    private let appState = AppState()

    private func makeInteractor(_ network: NetworkEnvironment) -> (ListingsInteractor, LandingPoint) {
        let landingPoint = network.makeLandingPoint("test")
        let interactor = ListingsInteractor(
            appState: appState, managers: network.makeListManagers(landingPoint: landingPoint),
            networkStatus: network.makeNetworkStatus())
        interactor.output = output
        return (interactor, landingPoint)
    }

    /// The pages the managers really sent to the server, in order (not those answered from the
    /// cache, ignored or joined): what the network inspector lists as sent.
    private func sentPages(_ network: NetworkEnvironment) -> [Int?] {
        network.journal.records.filter { $0.sentAt != nil }.map(\.page)
    }

    /// Why the managers ignored calls, in order: the calls that sent nothing.
    private func ignoredReasons(_ network: NetworkEnvironment) -> [String] {
        network.journal.records.compactMap { record in
            guard case .ignored(let reason, _) = record.outcome else { return nil }
            return reason
        }
    }

    @Test("the first page of the shared source")
    func firstPage() async {
        let network = TestNetwork().environment
        let (interactor, _) = makeInteractor(network)
        interactor.loadListings()
        await network.settle()
        #expect(output.calls == ["chose Rent", "loading Rent", "page 20"])
        #expect(output.last?.items.allSatisfy { $0.kind == .rent } == true)
        #expect(output.last?.items.first?.price == Price(yuan: 3900, unit: .perMonth), "plain values: the presenter formats")
        #expect(output.last?.isLastPage == false)
    }

    @Test("the district filter: each choice is a first page asked for with the district; a choice made while the last one loads replaces it")
    func districtFilter() async throws {
        let clock = TestClock<Duration>()
        let network = TestNetwork(latency: .milliseconds(300), clock: clock).environment
        let (interactor, _) = makeInteractor(network)
        interactor.loadListings()
        await network.settle()
        await clock.advance(by: .milliseconds(300))
        await network.settle()
        #expect(output.districts == [nil])
        interactor.filterByNextDistrict()
        interactor.filterByNextDistrict()
        #expect(appState.district == DistrictFilter.choices[2])
        #expect(output.districts == [nil, DistrictFilter.choices[1], DistrictFilter.choices[2]])
        await network.settle()
        await clock.advance(by: .milliseconds(300))
        await network.settle()
        let records = network.journal.records
        #expect(records.map(\.outcome).suffix(2) == [.cancelled("cancelled previous"), .succeeded(items: 7)],
                "the manager's cancel-previous, not the interactor's: \(records.map(\.outcome))")
        #expect(records.last?.parameters?[ListingParameter.district] == DistrictFilter.choices[2])
        let items = try #require(output.last?.items)
        #expect(items.count == 7 && output.calls.filter { $0.hasPrefix("page") } == ["page 20", "page 7"],
                "the cancelled district's page never reaches the presenter")
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
        #expect(output.calls == ["chose Rent", "loading Rent", "chose New homes", "loading New homes", "page 20"])
        #expect(network.journal.records.contains { $0.method == "rent.list" && $0.outcome == .cancelled("cancelled") })
        #expect(output.last?.items.allSatisfy { $0.kind == .newHome } == true)
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
        #expect(output.calls.suffix(2) == ["chose Rent", "page 20"], "answered at once: nothing to wait for")
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
        #expect(output.calls == ["chose Rent", "loading Rent", "page 20", "loading more", "page 40", "loading more", "page 60",
                                 "loading more", "page 72"])
        #expect(output.last?.isLastPage == true)
        #expect(sentPages(network) == [1, 2, 3, 4], "past the last page nothing is asked for")
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
        #expect(output.calls.suffix(4) == ["loading more", "failed No network connection.", "loading more", "page 40"])
        #expect(sentPages(network) == [1, 2, 2])
    }

    @Test("a failed first page is reported; a refresh retries it")
    func failureAndRetry() async {
        let network = TestNetwork(offline: true).environment
        let (interactor, _) = makeInteractor(network)
        interactor.loadListings()
        await network.settle()
        #expect(output.calls == ["chose Rent", "loading Rent", "failed No network connection."])
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
            appState: appState, managers: network.makeListManagers(landingPoint: landingPoint), networkStatus: status)
        interactor.output = output
        interactor.loadListings()
        await network.settle()
        #expect(output.networkTypes == [.offline])
        #expect(output.calls == ["chose Rent", "loading Rent", "failed No network connection."])
        network.setServerOffline(false)
        status.send(.cellular3G)
        await network.settle()
        #expect(output.networkTypes == [.offline, .cellular3G])
        #expect(output.calls.suffix(2) == ["loading Rent", "page 20"])
        interactor.stopObserving()
        #expect(!status.isObserved)
        status.send(.cellular2G)
        #expect(output.networkTypes.count == 2, "no delivery after teardown")
    }

    @Test("ignore-if-loading: a refresh while loading sends nothing; the first page lands once")
    func refreshWhileLoading() async {
        let clock = TestClock<Duration>()
        let network = TestNetwork(latency: .milliseconds(300), clock: clock).environment
        let (interactor, _) = makeInteractor(network)
        interactor.loadListings()
        interactor.refresh()
        await network.settle()
        interactor.refresh()
        #expect(network.monitor.inFlight == 1)
        await clock.advance(by: .milliseconds(300))
        await network.settle()
        #expect(sentPages(network) == [1], "no second request")
        #expect(ignoredReasons(network) == ["already loading (refresh)", "already loading (refresh)"])
        // Each refresh may only say again that the page is on its way; the page lands once.
        #expect(output.calls.first == "chose Rent")
        #expect(output.calls.last == "page 20")
        #expect(output.calls.count >= 3 && output.calls.dropFirst().dropLast().allSatisfy { $0 == "loading Rent" })
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
        #expect(output.last?.items[1].kind == .newHome)
        #expect(opened.listingID.hasPrefix("newHome:"), "All interleaves rent, new homes, second-hand")
        #expect(appState.selectedListingID == opened.listingID)
    }

    @Test("one ignore rule: a refresh while the next page loads sends nothing, and the presenter hears only of the next page")
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
        #expect(network.monitor.inFlight == 1)
        await clock.advance(by: .milliseconds(300))
        await network.settle()
        #expect(sentPages(network) == [1, 2], "no page 1 again")
        #expect(ignoredReasons(network) == ["already loading (refresh)"])
        #expect(output.calls == ["chose Rent", "loading Rent", "page 20", "loading more", "page 40"])
    }

    @Test("a refresh says it is loading but never that the source changed: the presenter keeps the rows")
    func refreshKeepsRows() async {
        let network = TestNetwork().environment
        let (interactor, _) = makeInteractor(network)
        interactor.loadListings()
        await network.settle()
        interactor.refresh()
        await network.settle()
        #expect(output.calls == ["chose Rent", "loading Rent", "page 20", "loading Rent", "page 20"])
        #expect(sentPages(network) == [1, 1], "a refresh asks the server, never the cache")
    }

    @Test("an empty source (the server has nothing: no content) loads no rows; it is not a failure")
    func emptySource() async {
        let network = TestNetwork().environment
        let (interactor, _) = makeInteractor(network)
        network.scenario?.nextFailure = .noContent
        interactor.loadListings()
        await network.settle()
        #expect(output.calls == ["chose Rent", "loading Rent", "page 0"])
        #expect(output.last?.items == [])
        #expect(output.last?.selectedIndex == nil)
    }

    @Test("teardown: once cancelled, nothing more reaches the output")
    func teardown() async {
        let clock = TestClock<Duration>()
        let network = TestNetwork(latency: .milliseconds(300), clock: clock).environment
        let (interactor, landingPoint) = makeInteractor(network)
        interactor.loadListings()
        await network.settle()
        landingPoint.cancelAll()
        interactor.stopObserving()
        await clock.advance(by: .milliseconds(300))
        await network.settle()
        #expect(output.calls == ["chose Rent", "loading Rent"])
        #expect(network.monitor.inFlight == 0)
    }
}

@MainActor
private final class OutputSpy: ListingsInteractorOutput {
    var calls: [String] = []
    var last: ListingsData?
    var opened: SelectedListingData?

    func didChooseSource(_ source: ListingSource) { calls.append("chose \(source.label)") }
    func didStartLoading(_ source: ListingSource) { calls.append("loading \(source.label)") }
    func didStartLoadingMore() { calls.append("loading more") }
    func didLoadListings(_ listings: ListingsData) { (last, calls) = (listings, calls + ["page \(listings.items.count)"]) }
    func didFailToLoad(message: String) { calls.append("failed \(message)") }
    /// Apart from `calls`: the loading tests read those in order.
    var networkTypes: [NetworkType] = []
    func didProvideNetworkType(_ networkType: NetworkType) { networkTypes.append(networkType) }
    func didOpenListing(_ listing: SelectedListingData) { opened = listing }
    /// Apart from `calls` too: only the district tests read them.
    var districts: [String?] = []
    func didChooseDistrict(_ district: String?) { districts.append(district) }
}
