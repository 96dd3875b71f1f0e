import Model
import Networking

/// One source's listings, page by page, already reformed — whichever source it is: one team's list
/// manager (`TeamListingsFeed`) or the three teams merged (`AllListingsFeed`). Lets a list screen
/// have one code path for the four sources, and a test hand it a fake.
@MainActor
public protocol ListingsFeed: AnyObject {
    var isLoading: Bool { get }
    /// True once the last page has loaded.
    var isLastPage: Bool { get }
    /// Loads page 1 and returns its listings.
    func loadFirstPage() async throws(APIError) -> [Listing]
    /// Reloads page 1 from the server, never the cache; joins a load already in flight.
    func refresh() async throws(APIError) -> [Listing]
    /// Loads the next page and returns every listing so far.
    func loadNextPage() async throws(APIError) -> [Listing]
    /// The manager whose raw data holds `listing`: a detail screen reads it through its own reformer.
    func manager(holding listing: Listing) -> (any APIManaging)?
    /// Cancels every request in flight; their replies are dropped.
    func cancelAllRequests()
}
