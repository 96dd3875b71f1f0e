import Model

/// One source's listings, page by page, already reformed — whichever source it is: one team's list
/// manager (`TeamListingsFeed`) or the three teams merged (`AllListingsFeed`). Lets a list screen
/// have one code path for the four sources, and a test hand it a fake. It speaks the model's
/// words only: listings, `ListingDetail` and `LoadFailure`, never the network layer's.
@MainActor
public protocol ListingsFeed: AnyObject {
    /// True while any load of this source is in flight (first page, refresh or next page).
    var isLoading: Bool { get }
    /// True once the last page has loaded.
    var isLastPage: Bool { get }
    /// Loads page 1 and returns its listings.
    func loadFirstPage() async throws(LoadFailure) -> [Listing]
    /// Reloads page 1 from the server, never the cache; joins a load already in flight.
    func refresh() async throws(LoadFailure) -> [Listing]
    /// Loads the next page and returns every listing so far.
    func loadNextPage() async throws(LoadFailure) -> [Listing]
    /// The detail of the listing whose `Listing.globalID` is `listingID`, read from the raw data the
    /// feed already loaded (nothing loads again); nil when the loaded listings do not hold it.
    func detail(ofListingID listingID: String) -> ListingDetail?
    /// Cancels every request in flight; their replies are dropped.
    func cancelAllRequests()
}
