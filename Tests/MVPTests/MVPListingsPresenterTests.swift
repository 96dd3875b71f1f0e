import FakeServer
import Model
import Networking
import ModelServices
import Testing
@testable import MVP
import TestSupport

/// The listings presenter with a spy view and a spy router, over the fake network: loading,
/// source switching, refresh, paging, selection and navigation, with no list or key in sight.
@MainActor
@Suite("MVP: listings presenter", .timeLimit(.minutes(1)))
struct MVPListingsPresenterTests {
    /// Records what the presenter told the view.
    final class SpyListingsView: ListingsView {
        var sourceIndex: Int?
        var status: (text: String, isError: Bool) = ("", false)
        var rows: [[PropertyListKey: String]] = []
        var selectedRow: Int?
        var footer: String?
        /// Every row ever shown, to prove what never was.
        var everShown: [[PropertyListKey: String]] = []

        func showSource(at index: Int) { sourceIndex = index }
        func showStatus(_ text: String, isError: Bool) { status = (text, isError) }
        func showRows(_ rows: [[PropertyListKey: String]], selectedRow: Int?) {
            self.rows = rows
            self.selectedRow = selectedRow
            everShown += rows
        }
        func showFooter(_ text: String?) { footer = text }
        var banners: [String] = []
        func showNetworkBanner(_ text: String) { banners.append(text) }
        var district: String?
        func showDistrict(_ text: String) { district = text }
    }

    /// Records where the presenter asked to go.
    final class SpyListingsRouter: ListingsRouter {
        var shownDetails: [(listingID: String, detail: ListingDetail?)] = []
        func showDetail(ofListingID listingID: String, in manager: any DataManaging) {
            shownDetails.append((listingID, manager.fetchData(with: ListingDetailReformer(listingID: listingID)) ?? nil))
        }
    }

    static let firstRent = "龙湖天街27号楼"
    static let firstNewHome = "仁恒河滨24号楼"

    let view = SpyListingsView()
    let router = SpyListingsRouter()

    /// The presenter with the managers `ListingsBuilder` would give it.
    func makePresenter(_ network: PatternTestNetwork, appState: AppState = AppState()) -> ListingsPresenter {
        let managers = network.environment.makeListManagers(landingPoint: network.landingPoint)
        return ListingsPresenter(
            view: view, appState: appState, managers: managers, router: router,
            networkStatus: network.environment.makeNetworkStatus())
    }

    /// The requests the managers sent to the server (cache hits and ignored calls send nothing).
    func sent(_ network: PatternTestNetwork) -> [RequestRecord] {
        network.environment.journal.records.filter { $0.sentAt != nil }
    }

    @Test("the first page: loading status, then rows formatted as strings, first row selected")
    func firstPage() async throws {
        let network = PatternTestNetwork(for: "MVP")
        let presenter = makePresenter(network)
        presenter.viewDidLoad()
        #expect(view.sourceIndex == 0)
        #expect(view.status.text == "Loading Rent listings …")
        await network.settle()
        #expect(view.status.text == "")
        #expect(view.rows.first?[.name] == Self.firstRent)
        #expect(view.rows.first?[.title]?.hasPrefix("Rent · ") == true)
        #expect(view.rows.first?[.price]?.hasSuffix("/month") == true)
        #expect(view.rows.first?[.id] == "rent:r-001")
        #expect(view.selectedRow == 0)
    }

    @Test("d: the presenter, the managers' parameter source, asks for the next district and tells the view")
    func district() async throws {
        let network = PatternTestNetwork(for: "MVP")
        let appState = AppState()
        let presenter = makePresenter(network, appState: appState)
        presenter.viewDidLoad()
        #expect(view.district == "District: any · d: next")
        await network.settle()
        presenter.didRequestNextDistrict()
        #expect(appState.district == "海淀区" && view.district == "District: 海淀区 · d: next")
        await network.settle()
        #expect(view.rows.count == 7)
        #expect(network.environment.journal.records.last?.parameters?[ListingParameter.district] == "海淀区")
    }

    @Test("a source switch writes the model and cancels the previous source: its rows never show")
    func switchCancelsPrevious() async throws {
        let network = PatternTestNetwork(for: "MVP", latency: .milliseconds(300))
        let appState = AppState()
        let presenter = makePresenter(network, appState: appState)
        presenter.viewDidLoad()
        await network.settle()
        network.traced("→") { presenter.didChooseSource(at: 1) }
        #expect(appState.listingSource == .newHomes)
        #expect(view.status.text == "Loading New homes listings …")
        await network.settle()  // the new request reaches the server before time moves
        await network.advance(by: .milliseconds(300))
        #expect(view.rows.first?[.name] == Self.firstNewHome)
        #expect(!view.everShown.contains { $0[.title]?.hasPrefix("Rent · ") == true })
        #expect(network.traceDetails.contains { $0.contains("cancelled") && $0.contains("rent.list") })
    }

    @Test("coming back to a source within the cache lifetime is a cache hit")
    func cacheHitOnReturn() async throws {
        let network = PatternTestNetwork(for: "MVP")
        let presenter = makePresenter(network)
        presenter.viewDidLoad()
        await network.settle()
        presenter.didChooseSource(at: 1)
        await network.settle()
        network.traced("←") { presenter.didChooseSource(at: 0) }
        await network.settle()
        #expect(view.rows.first?[.name] == Self.firstRent)
        #expect(network.traceDetails.contains { $0.contains("cache hit") })
    }

    @Test("reaching the last row pages to the end; the footer says so")
    func pagingToTheEnd() async throws {
        let network = PatternTestNetwork(for: "MVP")
        let presenter = makePresenter(network)
        presenter.viewDidLoad()
        await network.settle()
        #expect(view.rows.count == 20)
        while view.footer != "no more listings" {
            presenter.didReachLastRow()
            #expect(view.footer == "loading more …")
            await network.settle()
        }
        #expect(view.rows.count == 72)
        #expect(view.rows.last?[.name] == "融创壹号院17号楼")
        presenter.didReachLastRow()  // nothing more to load
        #expect(network.environment.monitor.inFlight == 0)
    }

    @Test("a failed next page keeps the rows and says why; reaching the end again retries")
    func nextPageFailure() async throws {
        let network = PatternTestNetwork(for: "MVP")
        let presenter = makePresenter(network)
        presenter.viewDidLoad()
        await network.settle()
        network.environment.scenario?.offline = true
        presenter.didReachLastRow()
        await network.settle()
        #expect(view.rows.count == 20)
        #expect(view.status == ("Could not load the listings: No network connection. Press r to retry.", true))
        network.environment.scenario?.offline = false
        presenter.didReachLastRow()
        await network.settle()
        #expect(view.rows.count == 40)
    }

    @Test("the network type: the banner; a page failed offline is refreshed when the network is back; none after teardown")
    func networkType() async throws {
        let network = PatternTestNetwork(for: "MVP")
        network.environment.switchNetworkType(to: .offline)  // before the screen is built: no change to hear
        let presenter = makePresenter(network)
        presenter.viewDidLoad()
        await network.settle()
        #expect(view.banners == ["Offline — will retry when the network is back"])
        #expect(view.status.isError && view.rows.isEmpty)
        network.environment.switchNetworkType(to: .cellular4G)
        await network.settle()
        #expect(view.banners.last == "On 4G")
        #expect(view.rows.count == 20 && view.status.text == "")
        // Teardown, as `ListingsBuilder` does it: the landing point cancels, the presenter stops observing.
        network.landingPoint.cancelAll()
        presenter.stopObserving()
        network.environment.switchNetworkType(to: .cellular2G)
        #expect(view.banners.count == 2, "no delivery after teardown")
    }

    @Test("an empty source says so")
    func empty() async throws {
        var items = try Fixtures.bundled().items
        items[.rent] = []
        let network = PatternTestNetwork(for: "MVP", fixtures: Fixtures(unchecked: items))
        let presenter = makePresenter(network)
        presenter.viewDidLoad()
        await network.settle()
        #expect(view.rows.isEmpty)
        #expect(view.status == ("No listings.", false))
    }

    @Test("a failed first page says why; refresh loads again")
    func failureAndRetry() async throws {
        let network = PatternTestNetwork(for: "MVP", offline: true)
        let presenter = makePresenter(network)
        presenter.viewDidLoad()
        await network.settle()
        #expect(view.status == ("Could not load the listings: No network connection. Press r to retry.", true))
        network.environment.scenario?.offline = false
        presenter.didRequestRefresh()
        await network.settle()
        #expect(view.status.text == "")
        #expect(view.rows.first?[.name] == Self.firstRent)
    }

    @Test("refresh while loading is ignored (ignore-if-loading): the request in flight is not sent again")
    func refreshIgnoredWhileLoading() async throws {
        let network = PatternTestNetwork(for: "MVP", latency: .milliseconds(300))
        let presenter = makePresenter(network)
        presenter.viewDidLoad()
        await network.settle()
        presenter.didRequestRefresh()
        await network.settle()
        #expect(network.environment.monitor.inFlight == 1)
        #expect(sent(network).count == 1, "neither a second request nor a cancel-and-resend")
        #expect(view.status.text == "Loading Rent listings …")
        await network.advance(by: .milliseconds(300))
        #expect(view.rows.first?[.name] == Self.firstRent)
        #expect(view.status.text == "")
        #expect(sent(network).map(\.outcome) == [.succeeded(items: 20)])
    }

    @Test("refresh keeps the rows on show while it loads")
    func refreshKeepsRows() async throws {
        let network = PatternTestNetwork(for: "MVP", latency: .milliseconds(300))
        let presenter = makePresenter(network)
        presenter.viewDidLoad()
        await network.advance(by: .milliseconds(300))
        presenter.didRequestRefresh()
        await network.settle()
        #expect(network.environment.monitor.inFlight == 1)
        #expect(sent(network).count == 2, "the refresh goes to the server")
        #expect(view.status.text == "Loading Rent listings …")
        #expect(view.rows.count == 20)
        await network.advance(by: .milliseconds(300))
        #expect(view.status.text == "")
        #expect(view.rows.count == 20)
    }

    @Test("one ignore rule: a refresh while the next page loads is ignored too")
    func refreshIgnoredWhileNextPageLoads() async throws {
        let network = PatternTestNetwork(for: "MVP", latency: .milliseconds(300))
        let presenter = makePresenter(network)
        presenter.viewDidLoad()
        await network.advance(by: .milliseconds(300))
        presenter.didReachLastRow()
        await network.settle()
        #expect(sent(network).count == 2)
        presenter.didRequestRefresh()
        await network.settle()
        #expect(sent(network).count == 2, "the refresh sends nothing and cancels nothing")
        #expect(view.footer == "loading more …")
        #expect(view.status.text == "")
        #expect(view.rows.count == 20)
        await network.advance(by: .milliseconds(300))
        #expect(view.rows.count == 40)
        #expect(sent(network).map(\.page) == [1, 2])
    }

    @Test("All merges the three teams' APIs")
    func all() async throws {
        let network = PatternTestNetwork(for: "MVP")
        let appState = AppState(listingSource: .all)
        let presenter = makePresenter(network, appState: appState)
        presenter.viewDidLoad()
        #expect(view.status.text == "Loading All listings …")
        await network.settle()
        for label in ["Rent · ", "New home · ", "Second-hand · "] {
            #expect(view.rows.contains { $0[.title]?.hasPrefix(label) == true })
        }
    }

    @Test("the selection is kept in the shared state and selected again on load")
    func selectionKept() async throws {
        let network = PatternTestNetwork(for: "MVP")
        let appState = AppState(selectedListingID: "rent:r-003")
        let presenter = makePresenter(network, appState: appState)
        presenter.viewDidLoad()
        await network.settle()
        #expect(view.selectedRow == 2)
        presenter.didMoveSelection(to: 4)
        #expect(appState.selectedListingID == "rent:r-005")
    }

    @Test("opening a row writes the selection and asks the router with the listing's id and the manager that loaded it")
    func openingAsksTheRouter() async throws {
        let network = PatternTestNetwork(for: "MVP")
        let appState = AppState(listingSource: .all)
        let presenter = makePresenter(network, appState: appState)
        presenter.viewDidLoad()
        await network.settle()
        presenter.didSelectRow(1)
        #expect(router.shownDetails.count == 1)
        #expect(router.shownDetails.first?.listingID.hasPrefix("newHome:") == true)
        #expect(appState.selectedListingID == router.shownDetails.first?.listingID)
        #expect(router.shownDetails.first?.detail?.listing.name == view.rows[1][.name])
        #expect(router.shownDetails.first?.detail?.serviceName == "xinfang")
    }
}
