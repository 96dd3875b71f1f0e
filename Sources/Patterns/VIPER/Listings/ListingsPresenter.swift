import Model
import Networking
import Tracing

/// VIPER's Presenter of the property list: turns view events into use cases, and the interactor's
/// answers into rows, statuses and footers. Asks the router to navigate. Owns the interactor and
/// the router; holds the view weakly.
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

    /// `name`; `<kind> · <title>`; the price or nothing.
    static func displayItem(for listing: Listing) -> ListingDisplayItem {
        ListingDisplayItem(
            title: listing.name, subtitle: listing.kind.label + " · " + listing.title, accessory: listing.price?.text ?? "")
    }

    private static func failureText(_ error: APIError) -> String {
        "Could not load the listings: \(error.userMessage) Press r to retry."
    }

    private func showLoaded(_ data: ListingsData) {
        view?.showStatus(data.listings.isEmpty ? "No listings." : "", isError: false)
        view?.showRows(data.listings.map(Self.displayItem))
        view?.showFooter(data.isLastPage && !data.listings.isEmpty ? "no more listings" : nil)
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
    func didStartLoading(_ source: ListingSource) {
        trace(.presenter, self, "loading \(source.label)")
        view?.showSource(at: ListingSource.allCases.firstIndex(of: source) ?? 0)
        view?.showStatus("Loading \(source.label) listings …", isError: false)
        view?.showRows([])
        view?.showFooter(nil)
    }

    func didLoadFirstPage(_ listings: ListingsData) {
        trace(.presenter, self, "format \(listings.listings.count) rows")
        showLoaded(listings)
        view?.selectRow(listings.selectedIndex)
    }

    func didFailToLoad(_ error: APIError) {
        trace(.presenter, self, "format the failure")
        view?.showStatus(Self.failureText(error), isError: true)
    }

    func didStartLoadingMore() {
        trace(.presenter, self, "loading more")
        view?.showFooter("loading more …")
    }

    func didLoadMore(_ listings: ListingsData) {
        trace(.presenter, self, "format \(listings.listings.count) rows")
        // The user's selection stays where it is: more rows only came in below it.
        showLoaded(listings)
    }

    func didFailToLoadMore(_ error: APIError) {
        trace(.presenter, self, "format the failure")
        view?.showStatus(Self.failureText(error), isError: true)
        view?.showFooter(nil)
    }

    func didOpenListing(_ listing: SelectedListingData) {
        trace(.presenter, self, "route to \(listing.name)")
        router.showDetail(of: listing)
    }
}
