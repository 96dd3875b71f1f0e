import Model

/// Interactor → presenter: what the property list's use cases produced, as plain data and
/// messages (failures already in words). Held weakly.
@MainActor
protocol ListingsInteractorOutput: AnyObject {
    /// The shared source changed: what was shown belongs to the old one.
    func didSwitchSource(to source: ListingSource)
    /// A first page (or a refresh) of `source` started loading; the rows shown stay until it lands.
    func didStartLoading(_ source: ListingSource)
    /// The first page loaded.
    func didLoadFirstPage(_ listings: ListingsData)
    /// The first page failed, for the reason in `message`; the rows stay as they were.
    func didFailToLoad(message: String)
    /// The next page started loading.
    func didStartLoadingMore()
    /// The next page loaded; `listings` holds every page so far.
    func didLoadMore(_ listings: ListingsData)
    /// The next page failed, for the reason in `message`; the listings are as they were.
    func didFailToLoadMore(message: String)
    /// The user opened a listing: what its detail module needs.
    func didOpenListing(_ listing: SelectedListingData)
    /// The network type now (as the listings are asked for) or after the network layer's notification.
    func didProvideNetworkType(_ networkType: NetworkType)
}
