import Model
import Reformers
import Testing
@testable import MVVM

/// The detail's view model is a value made from a listing id and what the feed found for it:
/// testing it is building one and reading it.
@Suite("MVVM: listing detail view model")
struct MVVMListingDetailViewModelTests {
    let listing = Listing(
        id: "r-9", kind: .rent, name: "Sunny Court", title: "2 rooms", imageURL: "https://img/9.jpg",
        price: Price(yuan: 4500, unit: .perMonth), area: 45, district: nil)

    @Test("fields in the spec's order; whole areas without decimals; missing values empty")
    func fields() {
        let viewModel = ListingDetailViewModel(
            listingID: listing.globalID, detail: ListingDetail(listing: listing, rows: [], serviceName: "rent"))
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
            listingID: listing.globalID, detail: ListingDetail(listing: listing, rows: rows, serviceName: "rent"))
        #expect(viewModel.mappings == [.init(rawKey: "id", field: "id", value: "r-9"),
                                       .init(rawKey: "extra", field: "(dropped)", value: "")])
    }

    @Test("a listing the feed does not hold gives the one fallback every pattern shows")
    func missingFallback() {
        let viewModel = ListingDetailViewModel(listingID: "rent:gone", detail: nil)
        #expect(viewModel.title == "Listing")
        #expect(viewModel.fields == [.init(name: "Listing", value: "rent:gone"), .init(name: "Status", value: ListingDetail.missingText)])
        #expect(viewModel.mappings.isEmpty)
    }
}
