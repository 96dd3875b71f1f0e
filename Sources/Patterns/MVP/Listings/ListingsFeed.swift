import Model
import Networking
import Reformers

/// The model side of the list, as the presenter sees it: pages of listings from one source,
/// whatever APIs are behind it. One team's API (`TeamListingsFeed`) and "All"
/// (`AllListingsFeed`, three APIs merged) look the same, so the presenter has one code path.
@MainActor
protocol ListingsFeed: AnyObject {
    /// True once the last page has loaded.
    var isLastPage: Bool { get }
    /// Loads page 1 and returns its listings.
    func loadFirstPage() async throws(APIError) -> [Listing]
    /// Reloads page 1 from the server, never the cache (the refresh).
    func refresh() async throws(APIError) -> [Listing]
    /// Loads the next page and returns every listing so far.
    func loadNextPage() async throws(APIError) -> [Listing]
    /// Cancels every request in flight; their replies are dropped.
    func cancelAllRequests()
    /// The manager holding the raw data of listings of `kind`, for the detail's reformer.
    func manager(for kind: ListingKind) -> (any APIManaging)?
}

/// "All" is already a feed: it merges the three teams' pages through one reformer.
extension AllListingsFeed: ListingsFeed {
    func cancelAllRequests() {
        for manager in managers { manager.cancelAllRequests() }
    }

    func manager(for kind: ListingKind) -> (any APIManaging)? {
        // `managers` are in `ListingKind.allCases` order.
        ListingKind.allCases.firstIndex(of: kind).map { managers[$0] }
    }
}
