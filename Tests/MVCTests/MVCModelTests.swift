import Model
import Networking
import ModelServices
import TestSupport
import Testing

/// Cocoa MVC's one easily tested part: the Model. The shared state and the network layer
/// (managers keeping raw data, reformers shaping it) need no view, no window, no controller:
/// a spy delegate stands where the controller would.
@MainActor
@Suite("MVC model: tested on its own", .timeLimit(.minutes(1)))
struct MVCModelTests {
    /// Stands in for the controller as the manager's delegate, and records what it is told.
    private final class SpyManagerDelegate: APIManagerDelegate {
        private(set) var successes = 0
        private(set) var failures: [APIError] = []
        func managerDidSucceed(_ manager: any DataManaging) { successes += 1 }
        func managerDidFail(_ manager: any DataManaging, error: APIError) { failures.append(error) }
    }

    @Test("the shared state starts with Orlov's person and the rent source")
    func appStateDefaults() {
        let state = AppState()
        #expect(state.person == .davidBlaine)
        #expect(state.person.fullName == "David Blaine")
        #expect(state.listingSource == .rent)
        #expect(state.selectedListingID == nil)
    }

    @Test("a list manager tells its delegate once per page and keeps the raw pages for reformers")
    func listManagerAndReformers() async throws {
        let network = TestNetwork().environment
        let landingPoint = network.makeLandingPoint("test")
        let manager = network.makeListManager(for: ListingKind.rent, landingPoint: landingPoint)
        let spy = SpyManagerDelegate()
        manager.delegate = spy
        manager.loadFirstPage()
        await network.settle()
        manager.loadNextPage()
        await network.settle()
        #expect(spy.successes == 2)
        let rows = try #require(manager.fetchData(with: PropertyListReformer()))
        #expect(rows.count == 40)
        #expect(rows[1][.id] == "rent:r-002")
        // One API, two views: the detail reformer reads the same raw data, by the row's global id.
        let detail = try #require(manager.fetchData(with: ListingDetailReformer(listingID: "rent:r-002")) ?? nil)
        #expect(detail.listing.name == "Sunshine Garden Block E")
        #expect(rows[1][.name] == detail.listing.name)
        #expect(detail.rows.map(\.rawKey).prefix(2) == ["id", "name"])
    }

    @Test("a failed load reaches the delegate as one failure callback")
    func listManagerFailure() async throws {
        let network = TestNetwork(offline: true).environment
        let manager = network.makeListManager(for: ListingKind.newHome, landingPoint: network.makeLandingPoint("test"))
        let spy = SpyManagerDelegate()
        manager.delegate = spy
        manager.loadFirstPage()
        await network.settle()
        #expect(spy.failures == [.noNetwork])
        #expect(spy.successes == 0)
    }
}
