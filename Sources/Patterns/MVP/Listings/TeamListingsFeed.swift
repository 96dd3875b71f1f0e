import Model
import Networking
import Reformers

/// One team's list API as a feed: its paged manager, read through `PropertyListReformer`.
@MainActor
final class TeamListingsFeed: ListingsFeed {
    private let manager: any PagedAPIManaging
    private let reformer = PropertyListReformer()

    init(manager: any PagedAPIManaging) {
        self.manager = manager
    }

    var isLastPage: Bool { manager.isLastPage }

    func loadFirstPage() async throws(APIError) -> [Listing] {
        _ = try await manager.firstPage()
        return manager.fetchData(reformer: reformer) ?? []
    }

    func refresh() async throws(APIError) -> [Listing] {
        _ = try await manager.refreshedFirstPage()
        return manager.fetchData(reformer: reformer) ?? []
    }

    func loadNextPage() async throws(APIError) -> [Listing] {
        _ = try await manager.nextPage()
        return manager.fetchData(reformer: reformer) ?? []
    }

    func cancelAllRequests() {
        manager.cancelAllRequests()
    }

    func manager(for kind: ListingKind) -> (any APIManaging)? {
        manager.service == Service.listings(kind) ? manager : nil
    }
}
