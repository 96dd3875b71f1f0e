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
        name: "Jing'an flat", kind: .rent, title: "2 rooms near Jing'an Temple", price: Price(yuan: 4500, unit: .perMonth))
    private static let unpriced = ListingsData.Item(name: "Riverside", kind: .newHome, title: "Phase II", price: nil)
    private static let house = ListingsData.Item(
        name: "Old Lane 7", kind: .secondHand, title: "3 rooms, south-facing", price: Price(yuan: 3_500_000, unit: .total))

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
        presenter.didLoadListings(ListingsData(items: [Self.flat], isLastPage: true, selectedIndex: 0))
        presenter.didStartLoading(.secondHand)
        #expect(view.status == "Loading Second-hand listings …")
        #expect(view.isStatusError == false)
        #expect(view.rows.count == 1)
        #expect(view.footer == nil)
    }

    @Test("a chosen source is shown, and the list emptied: the rows shown were another source's")
    func chosenSourceEmpties() {
        presenter.didLoadListings(ListingsData(items: [Self.flat], isLastPage: true, selectedIndex: 0))
        presenter.didChooseSource(.newHomes)
        #expect(view.sourceIndex == 1)
        #expect(view.rows == [])
        #expect(view.selectedRow == nil)
        presenter.didChooseSource(.all)
        #expect(view.sourceIndex == 3)
    }

    @Test("the presenter formats: name; the kind's label · title; the price as people read it, or nothing. The remembered selection is selected")
    func formatsRows() {
        presenter.didLoadListings(ListingsData(items: [Self.flat, Self.unpriced, Self.house], isLastPage: false, selectedIndex: 1))
        #expect(view.rows == [
            ListingDisplayItem(title: "Jing'an flat", subtitle: "Rent · 2 rooms near Jing'an Temple", accessory: "¥4,500/month"),
            ListingDisplayItem(title: "Riverside", subtitle: "New home · Phase II", accessory: ""),
            ListingDisplayItem(title: "Old Lane 7", subtitle: "Second-hand · 3 rooms, south-facing", accessory: "¥3,500,000"),
        ])
        #expect(view.selectedRow == 1)
        #expect(view.status == "")
        #expect(view.footer == nil)
    }

    @Test("no rows says so")
    func empty() {
        presenter.didLoadListings(ListingsData(items: [], isLastPage: true, selectedIndex: nil))
        #expect(view.status == "No listings.")
        #expect(view.footer == nil)
    }

    @Test("paging: loading more; a failed page keeps the rows and says why; then every page so far, and no more")
    func paging() {
        presenter.didLoadListings(ListingsData(items: [Self.flat], isLastPage: false, selectedIndex: 0))
        presenter.didStartLoadingMore()
        #expect(view.footer == "loading more …")

        presenter.didFailToLoad(message: "The server took too long to answer.")
        #expect(view.status == "Could not load the listings: The server took too long to answer. Press r to retry.")
        #expect(view.isStatusError == true)
        #expect(view.footer == nil)
        #expect(view.rows.count == 1)

        presenter.didStartLoadingMore()
        presenter.didLoadListings(ListingsData(items: [Self.flat, Self.unpriced], isLastPage: true, selectedIndex: 0))
        #expect(view.rows.count == 2)
        #expect(view.footer == "no more listings")
        #expect(view.status == "")
        #expect(view.isStatusError == false)
        #expect(view.selectedRow == 0)
    }

    @Test("a failed first page says why")
    func failure() {
        presenter.didFailToLoad(message: "No network connection.")
        #expect(view.status == "Could not load the listings: No network connection. Press r to retry.")
        #expect(view.isStatusError == true)
    }

    @Test("d goes to the interactor; the district it chose comes back formatted")
    func district() {
        presenter.didRequestNextDistrict()
        #expect(interactor.calls.last == "filterByNextDistrict")
        presenter.didChooseDistrict(nil)
        #expect(view.district == "District: any · d: next")
        presenter.didChooseDistrict("海淀区")
        #expect(view.district == "District: 海淀区 · d: next")
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
    var district: String?
    func showDistrict(_ text: String) { district = text }
}

@MainActor
private final class InteractorSpy: ListingsInteractorInput {
    var calls: [String] = []

    func loadListings() { calls.append("loadListings") }
    func switchSource(to source: ListingSource) { calls.append("switchSource(\(source))") }
    func refresh() { calls.append("refresh") }
    func filterByNextDistrict() { calls.append("filterByNextDistrict") }
    func loadNextPage() { calls.append("loadNextPage") }
    func selectListing(at index: Int?) { calls.append("selectListing(\(index.map(String.init) ?? "nil"))") }
    func openListing(at index: Int) { calls.append("openListing(\(index))") }
}

@MainActor
private final class RouterSpy: ListingsRouting {
    var shownDetails: [String] = []

    func showDetail(of listing: SelectedListingData) { shownDetails.append(listing.listingID) }
}
