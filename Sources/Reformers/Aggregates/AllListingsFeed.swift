import Model
import Networking
import Tracing

/// The "All" list: loads the three teams' list managers side by side and merges their pages
/// through the one `PropertyListReformer`, interleaved so every kind shows from the first screen.
///
/// It lives in `Reformers` because merging is reforming: it is the one place that needs both the
/// managers (Networking) and the reformer, and every pattern module already depends on it, so
/// each pattern can show "All" with the same code. A team that fails does not hide the others:
/// its failure is kept in `failures`, and the load only throws when all three fail.
@MainActor
public final class AllListingsFeed: ListingsFeed {
    /// Rent, new homes, second-hand, in that order.
    private let managers: [any PagedAPIManaging]
    /// The merged listings of every page loaded so far.
    public private(set) var listings: [Listing] = []
    /// The last load's failure per kind that failed, in the model's words.
    public private(set) var failures: [ListingKind: LoadFailure] = [:]
    /// Loads started and not yet merged: the teams' requests leave a turn later, and a load counts
    /// as in flight from the moment it was asked for.
    private var loadsInFlight = 0
    private let reformer = PropertyListReformer()

    public init(environment: NetworkEnvironment, landingPoint: LandingPoint) {
        managers = ListingKind.allCases.map { environment.makeListManager(for: $0, landingPoint: landingPoint) }
    }

    /// True once every team's last page has loaded.
    public var isLastPage: Bool { managers.allSatisfy(\.isLastPage) }
    public var isLoading: Bool { loadsInFlight > 0 || managers.contains(where: \.isLoading) }

    /// Loads every team's first page and returns the merged list.
    public func loadFirstPage() async throws(LoadFailure) -> [Listing] {
        trace(.reformer, self, "first page ×3")
        return try await load(Array(managers.indices), mode: .first)
    }

    /// Reloads every team's first page from the server (never the cache); a team already loading
    /// is not asked twice.
    public func refresh() async throws(LoadFailure) -> [Listing] {
        trace(.reformer, self, "refresh ×3")
        return try await load(Array(managers.indices), mode: .refresh)
    }

    /// Loads the next page of every team that has more, and returns the merged list.
    public func loadNextPage() async throws(LoadFailure) -> [Listing] {
        let pending = managers.indices.filter { !managers[$0].isLastPage }
        trace(.reformer, self, "next page ×\(pending.count)")
        return try await load(pending, mode: .next)
    }

    /// The detail from the raw data of the team manager that loaded the listing.
    public func detail(ofListingID listingID: String) -> ListingDetail? {
        guard let listing = listings.first(where: { $0.globalID == listingID }),
              let index = ListingKind.allCases.firstIndex(of: listing.kind)
        else { return nil }
        return managers[index].fetchData(reformer: ListingDetailReformer(listingID: listing.id)) ?? nil
    }

    /// Cancels every team's requests in flight.
    public func cancelAllRequests() {
        for manager in managers { manager.cancelAllRequests() }
    }

    private enum Mode { case first, next, refresh }

    private func load(_ indices: [Int], mode: Mode) async throws(LoadFailure) -> [Listing] {
        loadsInFlight += 1
        defer { loadsInFlight -= 1 }
        // Start every request before awaiting any, so the three travel together.
        let tasks = indices.map { index in
            let manager = managers[index]
            return Task { () -> APIError? in
                do throws(APIError) {
                    switch mode {
                    case .first: _ = try await manager.firstPage()
                    case .next: _ = try await manager.nextPage()
                    case .refresh: _ = try await manager.refreshedFirstPage()
                    }
                    return nil
                } catch {
                    return error
                }
            }
        }
        var errors: [LoadFailure] = []
        failures = [:]
        for (index, task) in zip(indices, tasks) {
            let error = await withTaskCancellationHandler { await task.value } onCancel: { task.cancel() }
            if let error {
                failures[ListingKind.allCases[index]] = LoadFailure(error)
                errors.append(LoadFailure(error))
            }
        }
        listings = merge()
        if !indices.isEmpty, errors.count == indices.count, let first = errors.first { throw first }
        return listings
    }

    /// Round-robin over the three reformed lists.
    private func merge() -> [Listing] {
        let lists = managers.map { $0.fetchData(reformer: reformer) ?? [] }
        var merged: [Listing] = []
        merged.reserveCapacity(lists.reduce(0) { $0 + $1.count })
        var index = 0
        while merged.count < merged.capacity, lists.contains(where: { index < $0.count }) {
            for list in lists where index < list.count { merged.append(list[index]) }
            index += 1
        }
        return merged
    }
}
