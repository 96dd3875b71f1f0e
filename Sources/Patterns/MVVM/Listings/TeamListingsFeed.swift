import Model
import Networking
import Reformers

/// One team's list API as a feed: its paged manager, read through `PropertyListReformer`.
@MainActor
final class TeamListingsFeed: ListingsFeed {
    private let manager: any PagedAPIManaging

    init(manager: any PagedAPIManaging) {
        self.manager = manager
    }

    var isLastPage: Bool { manager.isLastPage }

    func loadFirstPage() async throws(APIError) -> [Listing] {
        _ = try await manager.firstPage()
        return manager.fetchData(reformer: PropertyListReformer()) ?? []
    }

    func loadNextPage() async throws(APIError) -> [Listing] {
        _ = try await manager.nextPage()
        return manager.fetchData(reformer: PropertyListReformer()) ?? []
    }

    func cancelAllRequests() {
        manager.cancelAllRequests()
    }

    func detail(of listing: Listing) -> ListingDetail? {
        manager.fetchData(reformer: ListingDetailReformer(listingID: listing.id)) ?? nil
    }
}
