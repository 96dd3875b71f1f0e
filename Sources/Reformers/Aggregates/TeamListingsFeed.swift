import Model
import Networking
import Tracing

/// One team's listings (rent, new homes or second-hand): its paged list manager read through the
/// `PropertyListReformer`, so a screen never sees raw data or a team's schema.
@MainActor
public final class TeamListingsFeed: ListingsFeed {
    private let manager: any PagedAPIManaging
    private let reformer = PropertyListReformer()

    public init(manager: any PagedAPIManaging) {
        self.manager = manager
    }

    public var isLoading: Bool { manager.isLoading }
    public var isLastPage: Bool { manager.isLastPage }

    public func loadFirstPage() async throws(APIError) -> [Listing] {
        _ = try await manager.firstPage()
        return manager.fetchData(reformer: reformer) ?? []
    }

    public func refresh() async throws(APIError) -> [Listing] {
        _ = try await manager.refreshedFirstPage()
        return manager.fetchData(reformer: reformer) ?? []
    }

    public func loadNextPage() async throws(APIError) -> [Listing] {
        _ = try await manager.nextPage()
        return manager.fetchData(reformer: reformer) ?? []
    }

    public func manager(holding listing: Listing) -> (any APIManaging)? {
        manager.service == Service.listings(listing.kind) ? manager : nil
    }

    public func cancelAllRequests() {
        manager.cancelAllRequests()
    }
}
