import Model
import Testing
@testable import VIPER

/// The list presenter between a spy view, a spy interactor and a spy router: formatting, statuses,
/// and who navigates.
@MainActor
@Suite("VIPER listings presenter")
struct VIPERListingsPresenterTests {
    private let view = ViewSpy()
    private let interactor = InteractorSpy()
    private let router = RouterSpy()
    private let presenter: ListingsPresenter

    private static let flat = ListingsData.Item(
        name: "Jing'an flat", kindLabel: "Rent", title: "2 rooms near Jing'an Temple", priceText: "¥4,500/month")
    private static let unpriced = ListingsData.Item(name: "Riverside", kindLabel: "New home", title: "Phase II", priceText: "")

    init() {
        presenter = ListingsPresenter(interactor: interactor, router: router)
        presenter.view = view
    }

    @Test("view events become use cases; a source index becomes a source")
    func forwardsEvents() {
        presenter.viewDidLoad()
        presenter.didChooseSource(at: 3)
        presenter.didRequestRefresh()
        presenter.didMoveSelection(to: 2)
        presenter.didReachLastRow()
        presenter.didSelectRow(at: 1)
        #expect(interactor.calls == ["loadListings", "switchSource(all)", "refresh", "selectListing(2)", "loadNextPage", "openListing(1)"])
    }

    @Test("a loading source is named in the status; the rows shown stay (a refresh keeps them)")
    func loadingStatus() {
        presenter.didLoadFirstPage(ListingsData(items: [Self.flat], isLastPage: true, selectedIndex: 0))
        presenter.didStartLoading(.rent)
        #expect(view.sourceIndex == 0)
        #expect(view.status == "Loading Rent listings …")
        #expect(view.rows.count == 1)
        #expect(view.footer == nil)
    }

    @Test("a source switch empties the list")
    func switchEmpties() {
        presenter.didLoadFirstPage(ListingsData(items: [Self.flat], isLastPage: true, selectedIndex: 0))
        presenter.didSwitchSource(to: .newHomes)
        #expect(view.rows == [])
        #expect(view.selectedRow == nil)
    }

    @Test("rows: name; kind · title; the price or nothing. The remembered selection is selected")
    func formatsRows() {
        presenter.didLoadFirstPage(ListingsData(items: [Self.flat, Self.unpriced], isLastPage: false, selectedIndex: 1))
        #expect(view.rows == [
            ListingDisplayItem(title: "Jing'an flat", subtitle: "Rent · 2 rooms near Jing'an Temple", accessory: "¥4,500/month"),
            ListingDisplayItem(title: "Riverside", subtitle: "New home · Phase II", accessory: ""),
        ])
        #expect(view.selectedRow == 1)
        #expect(view.status == "")
        #expect(view.footer == nil)
    }

    @Test("no rows says so")
    func empty() {
        presenter.didLoadFirstPage(ListingsData(items: [], isLastPage: true, selectedIndex: nil))
        #expect(view.status == "No listings.")
        #expect(view.footer == nil)
    }

    @Test("paging: loading more, then no more; a failed page keeps the rows")
    func paging() {
        presenter.didStartLoadingMore()
        #expect(view.footer == "loading more …")
        presenter.didLoadMore(ListingsData(items: [Self.flat], isLastPage: true, selectedIndex: 0))
        #expect(view.footer == "no more listings")
        #expect(view.selectedRow == 0)

        presenter.didFailToLoadMore(message: "The server took too long to answer.")
        #expect(view.status == "Could not load the listings: The server took too long to answer. Press r to retry.")
        #expect(view.isStatusError == true)
        #expect(view.rows.count == 1)
    }

    @Test("a failed first page says why")
    func failure() {
        presenter.didFailToLoad(message: "No network connection.")
        #expect(view.status == "Could not load the listings: No network connection. Press r to retry.")
        #expect(view.isStatusError == true)
    }

    @Test("an opened listing goes to the router, not to the view")
    func routesToDetail() {
        presenter.didOpenListing(SelectedListingData(listingID: "rent:r-001"))
        #expect(router.shownDetails == ["rent:r-001"])
    }
}

@MainActor
private final class ViewSpy: ListingsViewInterface {
    var sourceIndex: Int?
    var status: String?
    var isStatusError: Bool?
    var rows: [ListingDisplayItem] = []
    var selectedRow: Int?
    var selectCount = 0
    var footer: String?

    func showSource(at index: Int) { sourceIndex = index }
    func showStatus(_ text: String, isError: Bool) { (status, isStatusError) = (text, isError) }
    func showRows(_ rows: [ListingDisplayItem]) { self.rows = rows }
    func selectRow(_ row: Int?) { (selectedRow, selectCount) = (row, selectCount + 1) }
    func showFooter(_ text: String?) { footer = text }
    func showNetworkBanner(_ text: String) {}
}

@MainActor
private final class InteractorSpy: ListingsInteractorInput {
    var calls: [String] = []

    func loadListings() { calls.append("loadListings") }
    func switchSource(to source: ListingSource) { calls.append("switchSource(\(source))") }
    func refresh() { calls.append("refresh") }
    func loadNextPage() { calls.append("loadNextPage") }
    func selectListing(at index: Int?) { calls.append("selectListing(\(index.map(String.init) ?? "nil"))") }
    func openListing(at index: Int) { calls.append("openListing(\(index))") }
}

@MainActor
private final class RouterSpy: ListingsRouting {
    var shownDetails: [String] = []

    func showDetail(of listing: SelectedListingData) { shownDetails.append(listing.listingID) }
}
