import Model
import Networking
import Tracing

/// One team's listings (rent, new homes or second-hand): its paged list manager read through the
/// `PropertyListReformer`, so a screen never sees raw data, a team's schema or an `APIError`.
@MainActor
public final class TeamListingsFeed: ListingsFeed {
    private let manager: any PagedAPIManaging
    private let reformer = PropertyListReformer()
    /// The listings of the last load, where `detail(ofListingID:)` looks an id up.
    private var listings: [Listing] = []

    /// - Parameter manager: the team's paged list manager; the feed is its only user.
    public init(manager: any PagedAPIManaging) {
        self.manager = manager
    }

    public var isLoading: Bool { manager.isLoading }
    public var isLastPage: Bool { manager.isLastPage }

    public func loadFirstPage() async throws(LoadFailure) -> [Listing] {
        do { _ = try await manager.firstPage() } catch { throw LoadFailure(error) }
        return reformed()
    }

    public func refresh() async throws(LoadFailure) -> [Listing] {
        do { _ = try await manager.refreshedFirstPage() } catch { throw LoadFailure(error) }
        return reformed()
    }

    public func loadNextPage() async throws(LoadFailure) -> [Listing] {
        do { _ = try await manager.nextPage() } catch { throw LoadFailure(error) }
        return reformed()
    }

    public func detail(ofListingID listingID: String) -> ListingDetail? {
        guard let listing = listings.first(where: { $0.globalID == listingID }) else { return nil }
        return manager.fetchData(reformer: ListingDetailReformer(listingID: listing.id)) ?? nil
    }

    public func cancelAllRequests() {
        manager.cancelAllRequests()
    }

    private func reformed() -> [Listing] {
        listings = manager.fetchData(reformer: reformer) ?? []
        return listings
    }
}
