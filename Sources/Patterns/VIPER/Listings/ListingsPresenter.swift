import Model
import Tracing

/// VIPER's Presenter of the property list: turns view events into use cases, and the interactor's
/// plain answers into rows, statuses and footers. Asks the router to navigate. Owns the
/// interactor and the router; holds the view weakly.
@MainActor
final class ListingsPresenter {
    weak var view: (any ListingsViewInterface)?
    let interactor: any ListingsInteractorInput
    let router: any ListingsRouting

    init(interactor: any ListingsInteractorInput, router: any ListingsRouting) {
        self.interactor = interactor
        self.router = router
    }

    // MARK: - Formatting

    /// `name`; `<kind> · <title>`; the price as people read it, or nothing.
    static func displayItem(for item: ListingsData.Item) -> ListingDisplayItem {
        ListingDisplayItem(title: item.name, subtitle: item.kind.label + " · " + item.title, accessory: item.price?.text ?? "")
    }

    private static func failureText(_ message: String) -> String {
        "Could not load the listings: \(message) Press r to retry."
    }

    /// Rows, the kept selection, and the footer.
    private func showListings(_ data: ListingsData) {
        view?.showRows(data.items.map(Self.displayItem))
        view?.selectRow(data.selectedIndex)
        view?.showFooter(data.isLastPage && !data.items.isEmpty ? "no more listings" : nil)
    }
}

// MARK: - ListingsViewEventHandler

extension ListingsPresenter: ListingsViewEventHandler {
    func viewDidLoad() {
        trace(.presenter, self, "ask for the listings")
        interactor.loadListings()
    }

    func didChooseSource(at index: Int) {
        trace(.presenter, self, "source \(index)")
        guard ListingSource.allCases.indices.contains(index) else { return }
        interactor.switchSource(to: ListingSource.allCases[index])
    }

    func didRequestNextDistrict() {
        trace(.presenter, self, "next district")
        interactor.filterByNextDistrict()
    }

    func didRequestRefresh() {
        trace(.presenter, self, "refresh")
        interactor.refresh()
    }

    func didMoveSelection(to row: Int?) {
        trace(.presenter, self, "selection \(row.map(String.init) ?? "none")")
        interactor.selectListing(at: row)
    }

    func didSelectRow(at row: Int) {
        trace(.presenter, self, "open row \(row)")
        interactor.openListing(at: row)
    }

    func didReachLastRow() {
        trace(.presenter, self, "end of the list")
        interactor.loadNextPage()
    }
}

// MARK: - ListingsInteractorOutput

extension ListingsPresenter: ListingsInteractorOutput {
    func didChooseSource(_ source: ListingSource) {
        trace(.presenter, self, "show \(source.label), no rows yet")
        view?.showSource(at: ListingSource.allCases.firstIndex(of: source) ?? 0)
        view?.showRows([])
        view?.selectRow(nil)
    }

    func didChooseDistrict(_ district: String?) {
        trace(.presenter, self, "format the district")
        view?.showDistrict(DistrictFilter.label(for: district))
    }

    func didStartLoading(_ source: ListingSource) {
        trace(.presenter, self, "loading \(source.label)")
        view?.showStatus("Loading \(source.label) listings …", isError: false)
        view?.showFooter(nil)
    }

    func didLoadListings(_ listings: ListingsData) {
        trace(.presenter, self, "format \(listings.items.count) rows")
        view?.showStatus(listings.items.isEmpty ? "No listings." : "", isError: false)
        showListings(listings)
    }

    func didFailToLoad(message: String) {
        trace(.presenter, self, "format the failure")
        view?.showFooter(nil)
        view?.showStatus(Self.failureText(message), isError: true)
    }

    func didStartLoadingMore() {
        trace(.presenter, self, "loading more")
        view?.showFooter("loading more …")
    }

    func didProvideNetworkType(_ networkType: NetworkType) {
        trace(.presenter, self, "format the network banner")
        view?.showNetworkBanner(networkType.banner)
    }

    func didOpenListing(_ listing: SelectedListingData) {
        trace(.presenter, self, "route to \(listing.listingID)")
        router.showDetail(of: listing)
    }
}
