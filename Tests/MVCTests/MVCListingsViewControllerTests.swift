import FakeServer
import Mediator
import Model
@testable import MVC
import Networking
import ModelServices
import ScreenViews
import Terminal
import Testing
import Widgets

/// The property list's logic lives in `ListingsViewController`: paging, source switching,
/// selection and navigation can only be tested by building the module, hosting it in a window,
/// pressing keys and reading the widgets back. Compare with a presenter tested against a spy.
@MainActor
@Suite("MVC listings: the controller, driven through its view", .timeLimit(.minutes(1)))
struct MVCListingsViewControllerTests {
    // MARK: Reading the screen back

    private func navigation(_ harness: MVCHarness) -> NavigationController {
        harness.module!.rootViewController as! NavigationController
    }

    private func listController(_ harness: MVCHarness) -> ListingsViewController {
        navigation(harness).viewControllers[0] as! ListingsViewController
    }

    private func listingsView(_ harness: MVCHarness) -> ListingsView {
        listController(harness).view as! ListingsView
    }

    /// The cells the list shows, asked of its data source (the controller) as the list asks.
    private func cells(_ harness: MVCHarness) -> [ListCell] {
        let listView = listingsView(harness).listView
        return (0..<listView.numberOfRows).map { listController(harness).listView(listView, cellForRow: $0) }
    }

    private func status(_ harness: MVCHarness) -> String { listingsView(harness).statusLabel.text }

    /// The requests the managers sent to the server (cache hits and ignored calls send nothing).
    private func sent(_ harness: MVCHarness) -> [RequestRecord] {
        harness.network.journal.records.filter { $0.sentAt != nil }
    }

    // MARK: Loading

    @Test("appear: loads the model's source, then shows its first page")
    func firstPage() async throws {
        let harness = MVCHarness(ListingsBuilder.build, latency: .milliseconds(300))
        #expect(listController(harness).title == "Listings")
        #expect(status(harness) == "Loading Rent listings …")
        await harness.advance(by: .milliseconds(300))
        #expect(status(harness) == "")
        #expect(cells(harness).count == 20)
        #expect(cells(harness)[0] == ListCell(title: "龙湖天街27号楼", subtitle: "Rent · 两室两厅 117㎡ 带花园，近地铁",
                                             accessory: "¥3,900/month"))
        #expect(harness.window?.focusedView === listingsView(harness).listView)
    }

    @Test("a page with no usable listing says so")
    func empty() async throws {
        var fixtures = try Fixtures.bundled()
        fixtures.items[.rent] = [["id": "\u{7}", "name": "nobody"]]  // the id cleans to nothing: the reformer drops it
        let harness = MVCHarness(ListingsBuilder.build, fixtures: fixtures)
        await harness.settle()
        #expect(cells(harness).isEmpty)
        #expect(status(harness) == "No listings.")
    }

    @Test("d: the controller, the managers' parameter source, asks for the next district; a second d mid-load replaces the first")
    func district() async throws {
        let harness = MVCHarness(ListingsBuilder.build, latency: .milliseconds(300))
        await harness.advance(by: .milliseconds(300))
        #expect(listingsView(harness).districtLabel.text == "District: any · d: next")
        harness.press(.character("d"))
        #expect(listingsView(harness).districtLabel.text == "District: 海淀区 · d: next")
        #expect(status(harness) == "Loading Rent listings …")
        harness.press(.character("d"))
        await harness.advance(by: .milliseconds(300))
        #expect(harness.appState.district == "静安区")
        #expect(sent(harness).map { $0.parameters?[ListingParameter.district] } == [nil, "海淀区", "静安区"])
        #expect(sent(harness)[1].outcome == .cancelled("cancelled previous"), "the manager's policy, not the controller's")
        #expect(cells(harness).count == 7 && status(harness) == "")
    }

    @Test("a failed load says why; r loads again")
    func failureAndRetry() async throws {
        let harness = MVCHarness(ListingsBuilder.build, offline: true)
        await harness.settle()
        #expect(status(harness) == "Could not load the listings: No network connection. Press r to retry.")
        harness.network.scenario?.offline = false
        harness.press(.character("r"))
        await harness.settle()
        #expect(status(harness) == "")
        #expect(cells(harness).count == 20)
    }

    @Test("r while loading is ignored: the request in flight is not sent again")
    func refreshIgnoredWhileLoading() async throws {
        let harness = MVCHarness(ListingsBuilder.build, latency: .milliseconds(300))
        harness.press(.character("r"))
        await harness.settle()
        #expect(harness.network.monitor.inFlight == 1)
        #expect(sent(harness).count == 1, "neither a second request nor a cancel-and-resend")
        #expect(status(harness) == "Loading Rent listings …")
        await harness.advance(by: .milliseconds(300))
        #expect(cells(harness).count == 20)
        #expect(status(harness) == "")
        #expect(sent(harness).map(\.outcome) == [.succeeded(items: 20)])
    }

    @Test("r keeps the rows on show while the refresh loads")
    func refreshKeepsRows() async throws {
        let harness = MVCHarness(ListingsBuilder.build, latency: .milliseconds(300))
        await harness.advance(by: .milliseconds(300))
        harness.press(.character("r"))
        await harness.settle()
        #expect(harness.network.monitor.inFlight == 1)
        #expect(sent(harness).count == 2, "the refresh goes to the server")
        #expect(status(harness) == "Loading Rent listings …")
        #expect(cells(harness).count == 20)
        await harness.advance(by: .milliseconds(300))
        #expect(status(harness) == "")
        #expect(cells(harness).count == 20)
    }

    @Test("one ignore rule: r while the next page loads is ignored too")
    func refreshIgnoredWhileNextPageLoads() async throws {
        let harness = MVCHarness(ListingsBuilder.build, latency: .milliseconds(300))
        await harness.advance(by: .milliseconds(300))
        harness.press(.end)
        await harness.settle()
        #expect(sent(harness).count == 2)
        harness.press(.character("r"))
        await harness.settle()
        #expect(sent(harness).count == 2, "the refresh sends nothing and cancels nothing")
        #expect(listingsView(harness).listView.footerText == "loading more …")
        #expect(status(harness) == "")
        #expect(cells(harness).count == 20)
        await harness.advance(by: .milliseconds(300))
        #expect(cells(harness).count == 40)
        #expect(sent(harness).map(\.page) == [1, 2])
    }

    // MARK: Sources

    @Test("switching source cancels the previous source's request and loads the new one")
    func switchCancelsPrevious() async throws {
        let harness = MVCHarness(ListingsBuilder.build, latency: .milliseconds(300))
        harness.press(.right)  // the list has focus and ignores →: the controller takes it
        #expect(harness.appState.listingSource == .newHomes)
        #expect(listingsView(harness).sourceControl.selectedIndex == 1)
        #expect(status(harness) == "Loading New homes listings …")
        #expect(harness.network.monitor.inFlight == 1)  // rent's request is gone
        await harness.advance(by: .milliseconds(300))
        #expect(cells(harness).count == 20)
        #expect(cells(harness).allSatisfy { $0.subtitle.hasPrefix("New home · ") })
    }

    @Test("the source control's own event takes the same path as ←/→")
    func sourceControlEvent() async throws {
        let harness = MVCHarness(ListingsBuilder.build)
        await harness.settle()
        harness.press(.up)  // the first row is selected: ↑ leaves the list for the control above
        #expect(harness.window?.focusedView === listingsView(harness).sourceControl)
        harness.press(.right)  // consumed by the control, which sends .valueChanged
        #expect(harness.appState.listingSource == .newHomes)
        await harness.settle()
        #expect(cells(harness).first?.subtitle.hasPrefix("New home · ") == true)
    }

    @Test("a source shown again within the cache lifetime shows at once")
    func cacheHitOnReturn() async throws {
        let harness = MVCHarness(ListingsBuilder.build)
        await harness.settle()
        harness.press(.right)
        await harness.settle()
        harness.press(.left)  // no settling: the cache answers inside the key press
        #expect(harness.network.monitor.inFlight == 0)
        #expect(status(harness) == "")
        #expect(cells(harness).count == 20)
        #expect(cells(harness)[0].title == "龙湖天街27号楼")
    }

    @Test("All merges the three teams through one merged manager")
    func allSource() async throws {
        let harness = MVCHarness(ListingsBuilder.build, appState: AppState(listingSource: .all))
        #expect(status(harness) == "Loading All listings …")
        await harness.settle()
        #expect(status(harness) == "")
        #expect(cells(harness).count == 60)
        #expect(cells(harness).prefix(3).map { $0.subtitle.components(separatedBy: " · ")[0] }
            == ["Rent", "New home", "Second-hand"])
    }

    // MARK: Paging

    @Test("reaching the last row loads the next page, until there is none")
    func pagingToTheEnd() async throws {
        let harness = MVCHarness(ListingsBuilder.build)
        await harness.settle()
        let listView = listingsView(harness).listView
        for expected in [40, 60, 72] {
            harness.press(.end)  // the last row comes on screen: the list tells its delegate
            #expect(listView.footerText == "loading more …")
            await harness.settle()
            #expect(cells(harness).count == expected)
        }
        #expect(listView.footerText == "no more listings")
        harness.press(.home, .end)
        #expect(harness.network.monitor.inFlight == 0)  // nothing more to ask for
    }

    @Test("the network type: the banner; a page failed offline is refreshed when the network is back; none after teardown")
    func networkType() async throws {
        let harness = MVCHarness(ListingsBuilder.build, offline: true)
        await harness.settle()
        #expect(status(harness) == "Could not load the listings: No network connection. Press r to retry.")
        let view = listingsView(harness)
        harness.network.switchNetworkType(to: .offline)
        #expect(view.networkBanner.text == "Offline — will retry when the network is back")
        harness.network.switchNetworkType(to: .cellular4G)
        await harness.settle()
        #expect(view.networkBanner.text == "On 4G")
        #expect(cells(harness).count == 20 && status(harness) == "")
        harness.tearDown()
        harness.network.switchNetworkType(to: .cellular2G)
        #expect(view.networkBanner.text == "On 4G", "no delivery after teardown")
    }

    @Test("a failed next page says why and keeps the rows; reaching the end again retries")
    func pagingFailure() async throws {
        let harness = MVCHarness(ListingsBuilder.build)
        await harness.settle()
        harness.network.scenario?.offline = true
        harness.press(.end)
        await harness.settle()
        #expect(status(harness) == "Could not load the listings: No network connection. Press r to retry.")
        #expect(cells(harness).count == 20)
        harness.network.scenario?.offline = false
        harness.press(.home, .end)
        await harness.settle()
        #expect(cells(harness).count == 40)
        #expect(status(harness) == "")
    }

    // MARK: Selection and detail

    @Test("the selection is kept in the model and found again after a reload")
    func selectionKept() async throws {
        let appState = AppState()
        var harness = MVCHarness(ListingsBuilder.build, appState: appState)
        await harness.settle()
        harness.press(.down, .down)  // the first row starts selected
        let third = cells(harness)[2].title
        harness.press(.right)
        await harness.settle()
        harness.press(.left)
        #expect(listingsView(harness).listView.selectedRow == 2)
        #expect(appState.selectedListingID == "rent:r-003")
        // A pattern switch: this module goes, a new one is built on the same model.
        harness.tearDown()
        harness = MVCHarness(ListingsBuilder.build, appState: appState)
        await harness.settle()
        #expect(listingsView(harness).listView.selectedRow == 2)
        #expect(cells(harness)[2].title == third)
    }

    @Test("Enter: the controller pushes the detail; Esc comes back to the same row")
    func navigationByController() async throws {
        let harness = MVCHarness(ListingsBuilder.build)
        await harness.settle()
        harness.press(.down, .enter)
        let detail = try #require(navigation(harness).topViewController as? ListingDetailViewController)
        #expect(detail.title == cells(harness)[1].title)
        #expect(harness.appState.selectedListingID == "rent:r-002")
        #expect(harness.render().contains("Listings › \(detail.title)"))
        harness.press(.escape)
        #expect(navigation(harness).viewControllers.count == 1)
        #expect(listingsView(harness).listView.selectedRow == 1)
        #expect(harness.window?.focusedView === listingsView(harness).listView)
    }

    @Test("the detail reads the list manager's raw data through the detail reformer; nothing loads")
    func detailRowsFromReformer() async throws {
        let harness = MVCHarness(ListingsBuilder.build, size: Size(width: 100, height: 30))
        await harness.settle()
        harness.press(.enter)  // the first row starts selected
        #expect(harness.network.monitor.inFlight == 0)
        let screen = harness.render()
        #expect(screen.contains("Name      龙湖天街27号楼"))
        #expect(screen.contains("Price     ¥3,900/month"))
        #expect(screen.contains("Area      31.2 m²"))
        #expect(screen.contains("From the rent API"))
        #expect(screen.contains("imageUrl  →  imageURL  https://img.anjuke-fake.cn/rent/001.jpg"))
    }

    @Test("in All, the detail reads the merged manager's data: the API of the listing's kind answers")
    func detailFromTheManager() async throws {
        let harness = MVCHarness(ListingsBuilder.build, appState: AppState(listingSource: .all),
                                     size: Size(width: 100, height: 30))
        await harness.settle()
        harness.press(.down, .enter)  // row 1: the first new home
        #expect(harness.appState.selectedListingID?.hasPrefix("newHome:") == true)
        #expect(harness.network.monitor.inFlight == 0)
        let screen = harness.render()
        #expect(screen.contains("From the xinfang API"))
        #expect(screen.contains("xinfang_name"))
    }

    @Test("a listing the loaded data does not hold shows the one fallback, not a blank screen")
    func missingDetailFallback() async throws {
        var manager: (any PagedAPIManaging)?
        var pictureService: (any PictureService)?
        let harness = MVCHarness({ context in
            manager = context.network.makeListManager(for: ListingKind.rent, landingPoint: context.network.makeLandingPoint("test"))
            pictureService = context.network.makePictureService()
            return HostedScreen(rootViewController: NavigationController(rootViewController: ViewController()))
        }, size: Size(width: 100, height: 30))
        let loaded = try #require(manager)
        loaded.loadFirstPage()
        await harness.settle()
        #expect(loaded.fetchData(with: ListingReformer())?.count == 20, "the manager holds a page, without that listing")
        let detail = ListingDetailViewController(listingID: "rent:gone", manager: loaded, pictureService: try #require(pictureService))
        navigation(harness).pushViewController(detail)
        await harness.settle()
        let screen = harness.render()
        #expect(screen.contains("Listing  rent:gone"))
        #expect(screen.contains("Status   \(ListingDetail.missingText)"))
    }

    // MARK: Teardown

    @Test("teardown cancels every load and task; nothing lands, nothing stays alive")
    func teardownCancels() async throws {
        let harness = MVCHarness(ListingsBuilder.build, appState: AppState(listingSource: .all),
                                     latency: .milliseconds(300))
        await harness.settle()  // the merged manager sends its three teams' requests
        weak let controller = listController(harness)
        #expect(harness.network.monitor.inFlight == 3)
        harness.tearDown()
        #expect(harness.network.monitor.inFlight == 0)
        await harness.advance(by: .milliseconds(300))
        #expect(controller == nil)
    }

    @Test("teardown with the detail pushed leaves no controller, view or manager alive")
    func teardownReleasesEverything() async throws {
        let harness = MVCHarness(ListingsBuilder.build)
        await harness.settle()
        harness.press(.down, .enter)
        weak let navigation = navigation(harness)
        weak let list = listController(harness)
        weak let detail = navigation?.topViewController as? ListingDetailViewController
        weak let view = listingsView(harness)
        #expect(detail != nil)
        harness.tearDown()
        await harness.settle()
        #expect(navigation == nil && list == nil && detail == nil && view == nil)
    }
}
