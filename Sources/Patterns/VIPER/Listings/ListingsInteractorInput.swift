import Model

/// Presenter → interactor: the property list's use cases.
@MainActor
protocol ListingsInteractorInput: AnyObject {
    /// Loads the first page of the shared source.
    func loadListings()
    /// Makes `source` the shared source: cancels the previous source's requests, loads the new one.
    func switchSource(to source: ListingSource)
    /// Reloads the first page, unless any load of the source is in flight (ignore-if-loading).
    func refresh()
    /// Loads the next page, when there is one and nothing is loading.
    func loadNextPage()
    /// Remembers the listing at `index` as the shared selection.
    func selectListing(at index: Int?)
    /// Remembers the listing at `index` and tells the output what its detail needs.
    func openListing(at index: Int)
}
