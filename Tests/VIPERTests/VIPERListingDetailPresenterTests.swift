import ModelServices
import Testing
@testable import VIPER

/// The detail module's presenter: the fields as the screen shows them, and the missing-listing fallback.
@MainActor
@Suite("VIPER listing detail presenter")
struct VIPERListingDetailPresenterTests {
    @Test("the presenter formats the fields and titles the screen")
    func formatsFields() {
        let view = ViewSpy()
        let presenter = ListingDetailPresenter(interactor: InteractorDummy())
        presenter.view = view
        presenter.didProvideDetail(ListingDetailData(
            name: "Jing'an flat", title: "2 rooms", kindLabel: "Rent", priceText: "¥4,500/month", areaText: "45 m²",
            district: "Jing'an", imageURL: "https://img/1.jpg", serviceName: "rent",
            mappings: [.init(rawKey: "area", field: "area", value: "45 m²")]))
        #expect(view.title == "Jing'an flat")
        #expect(view.fields == ["Name Jing'an flat", "Title 2 rooms", "Kind Rent", "Price ¥4,500/month", "Area 45 m²",
                                "District Jing'an", "Image https://img/1.jpg"])
        #expect(view.service == "rent")
        #expect(view.mappings == ["area → area 45 m²"])
    }

    @Test("the picture: a loading caption, then the pixels with no caption, or the reason there is none")
    func picture() {
        let view = ViewSpy()
        let presenter = ListingDetailPresenter(interactor: InteractorDummy())
        presenter.view = view
        presenter.willLoadPicture()
        presenter.didLoadPicture(ListingPictureData(width: 1, height: 1, rgb: [1, 2, 3]))
        presenter.didFailToLoadPicture(reason: "Pictures are off on 2G.")
        #expect(view.pictures == ["none: Loading picture…", "1×1: ", "none: Pictures are off on 2G."])
    }

    @Test("viewDidLoad asks for the detail, then the picture")
    func asksForDetailThenPicture() {
        let interactor = InteractorDummy()
        let presenter = ListingDetailPresenter(interactor: interactor)
        presenter.viewDidLoad()
        #expect(interactor.calls == ["provideDetail", "providePicture"])
    }

    @Test("a missing listing shows the one fallback every pattern shows")
    func missingFallback() {
        let view = ViewSpy()
        let presenter = ListingDetailPresenter(interactor: InteractorDummy())
        presenter.view = view
        presenter.didNotFindDetail(listingID: "rent:gone")
        #expect(view.title == "Listing")
        #expect(view.fields == ["Listing rent:gone", "Status \(ListingDetail.missingText)"])
        #expect(view.mappings == [])
    }
}

@MainActor
private final class ViewSpy: ListingDetailViewInterface {
    var title: String?
    var fields: [String] = []
    var service: String?
    var mappings: [String] = []
    var pictures: [String] = []

    func showTitle(_ title: String) { self.title = title }
    func showPicture(_ picture: ListingPictureData?, caption: String) {
        pictures.append((picture.map { "\($0.width)×\($0.height)" } ?? "none") + ": " + caption)
    }
    func showDetail(fields: [(name: String, value: String)], service: String,
                    mappings: [(rawKey: String, field: String, value: String)]) {
        self.fields = fields.map { "\($0.name) \($0.value)" }
        self.service = service
        self.mappings = mappings.map { "\($0.rawKey) → \($0.field) \($0.value)" }
    }
}

@MainActor
private final class InteractorDummy: ListingDetailInteractorInput {
    var calls: [String] = []
    func provideDetail() { calls.append("provideDetail") }
    func providePicture() { calls.append("providePicture") }
}
