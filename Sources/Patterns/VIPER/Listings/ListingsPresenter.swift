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
        @Traced(.presenter, self, "ask for the listings") var call
        interactor.loadListings()
    }

    func didChooseSource(at index: Int) {
        @Traced(.presenter, self, "source \(index)") var call
        guard ListingSource.allCases.indices.contains(index) else { return }
        interactor.switchSource(to: ListingSource.allCases[index])
    }

    func didRequestNextDistrict() {
        @Traced(.presenter, self, "next district") var call
        interactor.filterByNextDistrict()
    }

    func didRequestRefresh() {
        @Traced(.presenter, self, "refresh") var call
        interactor.refresh()
    }

    func didMoveSelection(to row: Int?) {
        @Traced(.presenter, self, "selection \(row.map(String.init) ?? "none")") var call
        interactor.selectListing(at: row)
    }

    func didSelectRow(at row: Int) {
        @Traced(.presenter, self, "open row \(row)") var call
        interactor.openListing(at: row)
    }

    func didReachLastRow() {
        @Traced(.presenter, self, "end of the list") var call
        interactor.loadNextPage()
    }
}

// MARK: - ListingsInteractorOutput

extension ListingsPresenter: ListingsInteractorOutput {
    func didChooseSource(_ source: ListingSource) {
        @Traced(.presenter, self, "show \(source.label), no rows yet") var call
        view?.showSource(at: ListingSource.allCases.firstIndex(of: source) ?? 0)
        view?.showRows([])
        view?.selectRow(nil)
    }

    func didChooseDistrict(_ district: String?) {
        @Traced(.presenter, self, "format the district") var call
        view?.showDistrict(DistrictFilter.label(for: district))
    }

    func didStartLoading(_ source: ListingSource) {
        @Traced(.presenter, self, "loading \(source.label)") var call
        view?.showStatus("Loading \(source.label) listings …", isError: false)
        view?.showFooter(nil)
    }

    func didLoadListings(_ listings: ListingsData) {
        @Traced(.presenter, self, "format \(listings.items.count) rows") var call
        view?.showStatus(listings.items.isEmpty ? "No listings." : "", isError: false)
        showListings(listings)
    }

    func didFailToLoad(message: String) {
        @Traced(.presenter, self, "format the failure") var call
        view?.showFooter(nil)
        view?.showStatus(Self.failureText(message), isError: true)
    }

    func didStartLoadingMore() {
        @Traced(.presenter, self, "loading more") var call
        view?.showFooter("loading more …")
    }

    func didProvideNetworkType(_ networkType: NetworkType) {
        @Traced(.presenter, self, "format the network banner") var call
        view?.showNetworkBanner(networkType.banner)
    }

    func didOpenListing(_ listing: SelectedListingData) {
        @Traced(.presenter, self, "route to \(listing.listingID)") var call
        router.showDetail(of: listing)
    }
}
