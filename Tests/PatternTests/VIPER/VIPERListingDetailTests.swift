import Model
import Networking
import Reformers
import Testing
@testable import VIPER

/// The detail module's interactor and presenter: rows from the second reformer over data the list
/// already loaded, and the fields as the screen shows them.
@MainActor
@Suite("VIPER listing detail")
struct VIPERListingDetailTests {
    @Test("the interactor reads the listing from the list manager's raw data, loading nothing")
    func rowsFromTheReformer() async throws {
        let network = VIPERTestNetwork.instant()
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

    @Test("the presenter formats the fields, titles the screen, and sends back to the router")
    func formatsFields() {
        let view = ViewSpy()
        let router = RouterSpy()
        let presenter = ListingDetailPresenter(interactor: InteractorDummy(), router: router)
        presenter.view = view
        let listing = Listing(
            id: "r-001", kind: .rent, name: "Jing'an flat", title: "2 rooms", imageURL: "https://img/1.jpg",
            price: Price(yuan: 4500, unit: .perMonth), area: 45, district: "Jing'an")
        presenter.didProvideDetail(ListingDetailData(
            listing: listing, serviceName: "rent", rows: [DetailRow(rawKey: "area", field: "area", value: "45 m²")]))
        #expect(view.title == "Jing'an flat")
        #expect(view.fields == ["Name Jing'an flat", "Title 2 rooms", "Kind Rent", "Price ¥4,500/month", "Area 45 m²",
                                "District Jing'an", "Image https://img/1.jpg"])
        #expect(view.service == "rent")
        #expect(view.mappings == ["area → area 45 m²"])

        presenter.didRequestBack()
        #expect(router.closeCount == 1)
    }
}

@MainActor
private final class OutputSpy: ListingDetailInteractorOutput {
    var detail: ListingDetailData?

    func didProvideDetail(_ detail: ListingDetailData) { self.detail = detail }
}

@MainActor
private final class ViewSpy: ListingDetailViewInterface {
    var title: String?
    var fields: [String] = []
    var service: String?
    var mappings: [String] = []

    func showTitle(_ title: String) { self.title = title }
    func showDetail(fields: [(name: String, value: String)], service: String,
                    mappings: [(rawKey: String, field: String, value: String)]) {
        self.fields = fields.map { "\($0.name) \($0.value)" }
        self.service = service
        self.mappings = mappings.map { "\($0.rawKey) → \($0.field) \($0.value)" }
    }
}

@MainActor
private final class InteractorDummy: ListingDetailInteractorInput {
    func provideDetail() {}
}

@MainActor
private final class RouterSpy: ListingDetailRouting {
    var closeCount = 0

    func closeDetail() { closeCount += 1 }
}
