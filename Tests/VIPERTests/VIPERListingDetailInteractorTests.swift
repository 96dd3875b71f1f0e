import Model
import Networking
import Reformers
import Testing
@testable import VIPER
import TestSupport

/// The detail module's interactor: rows from the second reformer over data the list already
/// loaded, without a request.
@MainActor
@Suite("VIPER listing detail interactor")
struct VIPERListingDetailInteractorTests {
    @Test("the interactor reads the listing from the list manager's raw data, loading nothing")
    func rowsFromTheReformer() async throws {
        let network = TestNetwork().environment
        let manager = network.makeSecondHandListManager(landingPoint: network.makeLandingPoint("test"))
        _ = try await manager.firstPage()
        let listing = try #require(manager.fetchData(reformer: PropertyListReformer())?.first)
        let output = OutputSpy()
        let interactor = ListingDetailInteractor(manager: manager, listingID: listing.id)
        interactor.output = output
        interactor.provideDetail()
        let detail = try #require(output.detail)
        #expect(detail.listing == listing)
        #expect(detail.serviceName == "esf")
        #expect(detail.rows.first == DetailRow(rawKey: "esf_id", field: "id", value: listing.id))
        #expect(network.monitor.inFlight == 0)
    }
}

@MainActor
private final class OutputSpy: ListingDetailInteractorOutput {
    var detail: ListingDetailData?

    func didProvideDetail(_ detail: ListingDetailData) { self.detail = detail }
}
