import Model
import Reformers
import Testing
@testable import VIPER

/// The detail module's presenter: the fields as the screen shows them, and back through the router.
@MainActor
@Suite("VIPER listing detail presenter")
struct VIPERListingDetailPresenterTests {
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
