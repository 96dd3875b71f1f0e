import Model
import Networking
import Reformers

/// The model side of the list, as the view model sees it: pages of listings from one source,
/// whatever APIs answer. One team's API (`TeamListingsFeed`) and "All" (`AllListingsFeed`, three
/// APIs merged) look the same, so the view model has one code path for every source.
@MainActor
protocol ListingsFeed: AnyObject {
    /// True once the last page has loaded.
    var isLastPage: Bool { get }
    /// Loads page 1 and returns its listings.
    func loadFirstPage() async throws(APIError) -> [Listing]
    /// Loads the next page and returns every listing so far.
    func loadNextPage() async throws(APIError) -> [Listing]
    /// Cancels every request in flight; their replies are dropped.
    func cancelAllRequests()
    /// The detail of a listing this feed loaded: the raw data it already holds, through
    /// `ListingDetailReformer` (one API feeding two views). Nothing is loaded again.
    func detail(of listing: Listing) -> ListingDetail?
}

/// "All" is already a feed: it merges the three teams' pages through one reformer.
extension AllListingsFeed: ListingsFeed {
    func cancelAllRequests() {
        for manager in managers { manager.cancelAllRequests() }
    }

    func detail(of listing: Listing) -> ListingDetail? {
        // The feed's managers are in `ListingKind.allCases` order: the one of the listing's kind holds it.
        guard let index = ListingKind.allCases.firstIndex(of: listing.kind) else { return nil }
        return managers[index].fetchData(reformer: ListingDetailReformer(listingID: listing.id)) ?? nil
    }
}
