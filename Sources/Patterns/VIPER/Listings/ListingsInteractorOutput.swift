import Model

/// Interactor → presenter: what the property list's use cases produced, as plain data and
/// messages (failures already in words). Held weakly.
@MainActor
protocol ListingsInteractorOutput: AnyObject {
    /// The shared source, as the list first loads and after every switch: rows shown before
    /// belong to another source.
    func didChooseSource(_ source: ListingSource)
    /// The district the listings are filtered to (nil: every district), as they first load and
    /// after every change.
    func didChooseDistrict(_ district: String?)
    /// A first page (or a refresh) of `source` went out; the rows shown stay until it lands.
    func didStartLoading(_ source: ListingSource)
    /// The next page went out.
    func didStartLoadingMore()
    /// A page loaded; `listings` holds every page so far.
    func didLoadListings(_ listings: ListingsData)
    /// A load failed, for the reason in `message`; the listings are as they were.
    func didFailToLoad(message: String)
    /// The user opened a listing: what its detail module needs.
    func didOpenListing(_ listing: SelectedListingData)
    /// The network type now (as the listings are asked for) or after the network layer's notification.
    func didProvideNetworkType(_ networkType: NetworkType)
}
