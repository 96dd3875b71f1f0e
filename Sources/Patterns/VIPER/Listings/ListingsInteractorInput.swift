import Model

/// Presenter → interactor: the property list's use cases.
@MainActor
protocol ListingsInteractorInput: AnyObject {
    /// Loads the first page of the shared source.
    func loadListings()
    /// Makes `source` the shared source: cancels the previous source's requests, loads the new one.
    func switchSource(to source: ListingSource)
    /// Reloads the first page (the manager ignores it while a load is in flight).
    func refresh()
    /// Filters by the next district: a new first page, in place of one still loading (cancel-previous).
    func filterByNextDistrict()
    /// Loads the next page (the manager ignores it after the last page or while loading).
    func loadNextPage()
    /// Remembers the listing at `index` as the shared selection.
    func selectListing(at index: Int?)
    /// Remembers the listing at `index` and tells the output what its detail needs.
    func openListing(at index: Int)
}
