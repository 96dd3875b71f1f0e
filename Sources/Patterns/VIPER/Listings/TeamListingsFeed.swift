import Model
import Networking
import Reformers

/// One team's listings (rent, new homes or second-hand): its paged list manager, read through the
/// `PropertyListReformer`, so the interactor never sees raw data or a schema.
@MainActor
final class TeamListingsFeed: ListingsFeed {
    private let manager: any PagedAPIManaging
    private let reformer = PropertyListReformer()

    init(manager: any PagedAPIManaging) {
        self.manager = manager
    }

    var isLoading: Bool { manager.isLoading }
    var isLastPage: Bool { manager.isLastPage }

    func loadFirstPage() async throws(APIError) -> [Listing] {
        _ = try await manager.firstPage()
        return manager.fetchData(reformer: reformer) ?? []
    }

    func loadNextPage() async throws(APIError) -> [Listing] {
        _ = try await manager.nextPage()
        return manager.fetchData(reformer: reformer) ?? []
    }

    func manager(holding listing: Listing) -> (any APIManaging)? {
        manager.service == Service.listings(listing.kind) ? manager : nil
    }

    func cancelAllRequests() {
        manager.cancelAllRequests()
    }
}
