import Model
import Networking
import Reformers
import Testing
@testable import VIPER
import TestSupport

/// The detail module's interactor: plain data from the second reformer over data the list already
/// loaded, without a request; a listing the data does not hold is reported as missing.
@MainActor
@Suite("VIPER listing detail interactor")
struct VIPERListingDetailInteractorTests {
    @Test("the interactor reads the listing from the feed's loaded data by id, loading nothing")
    func rowsFromTheReformer() async throws {
        let network = TestNetwork().environment
        let feed = TeamListingsFeed(manager: network.makeSecondHandListManager(landingPoint: network.makeLandingPoint("test")))
        let listing = try #require(try await feed.loadFirstPage().first)
        let output = OutputSpy()
        let interactor = ListingDetailInteractor(feed: feed, listingID: listing.globalID)
        interactor.output = output
        interactor.provideDetail()
        let detail = try #require(output.detail)
        #expect(detail.name == listing.name)
        #expect(detail.kindLabel == "Second-hand")
        #expect(detail.serviceName == "esf")
        #expect(detail.mappings.first == .init(rawKey: "esf_id", field: "id", value: listing.id))
        #expect(output.missing == nil)
        #expect(network.monitor.inFlight == 0)
    }

    @Test("a listing the loaded data does not hold is reported as missing, by its id")
    func missingListing() async throws {
        let network = TestNetwork().environment
        let feed = TeamListingsFeed(manager: network.makeRentListManager(landingPoint: network.makeLandingPoint("test")))
        _ = try await feed.loadFirstPage()
        let output = OutputSpy()
        let interactor = ListingDetailInteractor(feed: feed, listingID: "rent:gone")
        interactor.output = output
        interactor.provideDetail()
        #expect(output.detail == nil)
        #expect(output.missing == "rent:gone")
    }
}

@MainActor
private final class OutputSpy: ListingDetailInteractorOutput {
    var detail: ListingDetailData?
    var missing: String?

    func didProvideDetail(_ detail: ListingDetailData) { self.detail = detail }
    func didNotFindDetail(listingID: String) { missing = listingID }
}
