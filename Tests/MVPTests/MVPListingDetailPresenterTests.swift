import Model
import Networking
import Reformers
import Testing
@testable import MVP
import TestSupport

/// The detail presenter with a spy view: the rows come from the feed's loaded data through the
/// second reformer, and nothing is loaded again.
@MainActor
@Suite("MVP: listing detail presenter")
struct MVPListingDetailPresenterTests {
    /// Records what the presenter told the view.
    final class SpyListingDetailView: ListingDetailView {
        var title: String?
        var fields: [(name: String, value: String)] = []
        var service: String?
        var mappings: [(rawKey: String, field: String, value: String)] = []

        func showTitle(_ title: String) { self.title = title }
        func showDetail(fields: [(name: String, value: String)], service: String,
                        mappings: [(rawKey: String, field: String, value: String)]) {
            self.fields = fields
            self.service = service
            self.mappings = mappings
        }
    }

    @Test("fields and raw keys from the feed's loaded data, by id; no request is sent")
    func detailRowsFromTheReformer() async throws {
        let network = PatternTestNetwork(for: "MVP")
        let feed = TeamListingsFeed(manager: network.environment.makeListManager(for: .newHome, landingPoint: network.landingPoint))
        let listing = try #require(try await feed.loadFirstPage().first)
        let view = SpyListingDetailView()
        let presenter = ListingDetailPresenter(view: view, listingID: listing.globalID, feed: feed)

        network.traced("Enter") { presenter.viewDidLoad() }

        #expect(view.title == listing.name)
        #expect(view.fields.map { $0.name } == ["Name", "Title", "Kind", "Price", "Area", "District", "Image"])
        #expect(view.fields.first { $0.name == "Kind" }?.value == "New home")
        #expect(view.service == "xinfang")
        #expect(view.mappings.contains { $0.rawKey == "xinfang_name" && $0.field == "name" && $0.value == listing.name })
        #expect(!network.traceDetails.contains { $0.contains("GET") })
    }

    @Test("a listing the loaded data does not hold shows the one fallback")
    func missingFallback() async throws {
        let network = PatternTestNetwork(for: "MVP")
        let feed = TeamListingsFeed(manager: network.environment.makeListManager(for: .rent, landingPoint: network.landingPoint))
        _ = try await feed.loadFirstPage()
        let view = SpyListingDetailView()
        ListingDetailPresenter(view: view, listingID: "rent:gone", feed: feed).viewDidLoad()
        #expect(view.title == "Listing")
        #expect(view.fields.map { "\($0.name) \($0.value)" } == ["Listing rent:gone", "Status \(ListingDetail.missingText)"])
        #expect(view.mappings.isEmpty)
    }
}
