import Model
import Networking
import Reformers

/// Where the listings interactor gets one source's pages, whichever source it is: one team's list
/// manager (`TeamListingsFeed`) or the three merged (`AllListingsFeed`). The interactor's data
/// boundary, so it has one code path for the four sources and a test can hand it a fake.
@MainActor
protocol ListingsFeed: AnyObject, Sendable {
    var isLoading: Bool { get }
    /// True once the last page has loaded.
    var isLastPage: Bool { get }
    /// Loads page 1 and returns its listings.
    func loadFirstPage() async throws(APIError) -> [Listing]
    /// Loads the next page and returns every listing so far.
    func loadNextPage() async throws(APIError) -> [Listing]
    /// The manager whose raw data holds `listing`: the detail reads it through its own reformer.
    func manager(holding listing: Listing) -> (any APIManaging)?
    /// Cancels every request in flight; their replies are dropped.
    func cancelAllRequests()
}

/// "All" already merges the three teams' pages; it only needs to say which manager holds a listing.
extension AllListingsFeed: ListingsFeed {
    func manager(holding listing: Listing) -> (any APIManaging)? {
        managers.first { $0.service == Service.listings(listing.kind) }
    }

    func cancelAllRequests() {
        for manager in managers { manager.cancelAllRequests() }
    }
}
