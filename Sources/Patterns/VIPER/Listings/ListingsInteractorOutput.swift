import Model
import Networking

/// Interactor → presenter: what the property list's use cases produced. Held weakly.
@MainActor
protocol ListingsInteractorOutput: AnyObject {
    /// A first page of `source` started loading.
    func didStartLoading(_ source: ListingSource)
    /// The first page loaded.
    func didLoadFirstPage(_ listings: ListingsData)
    /// The first page failed.
    func didFailToLoad(_ error: APIError)
    /// The next page started loading.
    func didStartLoadingMore()
    /// The next page loaded; `listings` holds every page so far.
    func didLoadMore(_ listings: ListingsData)
    /// The next page failed; the listings are as they were.
    func didFailToLoadMore(_ error: APIError)
    /// The user opened a listing: what its detail module needs.
    func didOpenListing(_ listing: SelectedListingData)
}
