import Model
import ModelServices
import Testing
import TestSupport
@testable import MVVM

/// The detail's view model: fixed fields made from a listing id and what the list manager's data holds for it
/// (testing them is building one and reading it), and the picture it loads and publishes — tested
/// without any view, through a recorder bound to its output.
@MainActor
@Suite("MVVM: listing detail view model", .timeLimit(.minutes(1)))
struct MVVMListingDetailViewModelTests {
    let listing = Listing(
        id: "r-9", kind: .rent, name: "Sunny Court", title: "2 rooms", imageURL: "https://img/9.jpg",
        price: Price(yuan: 4500, unit: .perMonth), area: 45, district: nil)

    @Test("fields in the spec's order; whole areas without decimals; missing values empty")
    func fields() {
        let viewModel = ListingDetailViewModel(
            listingID: listing.globalID, detail: ListingDetail(listing: listing, rows: [], serviceName: "rent"),
            pictureService: FakePictureService())
        #expect(viewModel.title == "Sunny Court")
        #expect(viewModel.fields.map(\.name) == ["Name", "Title", "Kind", "Price", "Area", "District", "Image"])
        #expect(viewModel.fields.map(\.value) == ["Sunny Court", "2 rooms", "Rent", "¥4,500/month", "45 m²", "", "https://img/9.jpg"])
        #expect(viewModel.serviceName == "rent")
        #expect(viewModel.mappings.isEmpty)
    }

    @Test("mappings are the reformer's rows, one per raw key")
    func mappings() {
        let rows = [DetailRow(rawKey: "id", field: "id", value: "r-9"), DetailRow(rawKey: "extra", field: "(dropped)", value: "")]
        let viewModel = ListingDetailViewModel(
            listingID: listing.globalID, detail: ListingDetail(listing: listing, rows: rows, serviceName: "rent"),
            pictureService: FakePictureService())
        #expect(viewModel.mappings == [.init(rawKey: "id", field: "id", value: "r-9"),
                                       .init(rawKey: "extra", field: "(dropped)", value: "")])
    }

    @Test("a listing the loaded data does not hold gives the one fallback every pattern shows")
    func missingFallback() {
        let pictures = FakePictureService()
        let viewModel = ListingDetailViewModel(listingID: "rent:gone", detail: nil, pictureService: pictures)
        #expect(viewModel.title == "Listing")
        #expect(viewModel.fields == [.init(name: "Listing", value: "rent:gone"), .init(name: "Status", value: ListingDetail.missingText)])
        #expect(viewModel.mappings.isEmpty)
        viewModel.loadPicture()
        #expect(pictures.requestedURLs.isEmpty && viewModel.picture.value == .none, "a missing listing has no picture")
    }

    /// The view model of `listing`, found in the loaded data, with its picture from `pictures`.
    private func detailViewModel(_ pictures: FakePictureService) -> ListingDetailViewModel {
        ListingDetailViewModel(
            listingID: listing.globalID, detail: ListingDetail(listing: listing, rows: [], serviceName: "rent"),
            pictureService: pictures)
    }

    @Test("the picture: nothing, then a loading caption, then the picture; asked for once")
    func picture() async {
        let pictures = FakePictureService()
        let viewModel = detailViewModel(pictures)
        let shown = MVVMRecorder(viewModel.picture)
        viewModel.loadPicture()
        viewModel.loadPicture()
        #expect(pictures.requestedURLs == ["https://img/9.jpg"])
        pictures.reply(.success(FakePictureService.picture))
        await shown.until(count: 3)
        #expect(shown.values == [.none, .init(picture: nil, caption: "Loading picture…"),
                                 .init(picture: FakePictureService.picture, caption: "")])
    }

    @Test("a failed picture publishes its reason as the caption")
    func failedPicture() async {
        let pictures = FakePictureService()
        let viewModel = detailViewModel(pictures)
        let shown = MVVMRecorder(viewModel.picture)
        viewModel.loadPicture()
        pictures.reply(.failure(.failed(userMessage: "Pictures are off on 2G.", shortName: "pictures off")))
        await shown.until(count: 3)
        #expect(shown.last == .init(picture: nil, caption: "Pictures are off on 2G."))
    }

    @Test("a view model that goes away cancels its picture's load")
    func goingAwayCancels() async {
        let pictures = FakePictureService()
        var viewModel: ListingDetailViewModel? = detailViewModel(pictures)
        viewModel?.loadPicture()
        #expect(pictures.isLoading)
        viewModel = nil
        await pictures.untilIdle()
        #expect(!pictures.isLoading)
    }
}
