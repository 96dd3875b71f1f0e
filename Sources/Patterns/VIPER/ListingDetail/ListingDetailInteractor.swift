import Reformers
import Tracing

/// VIPER's Interactor of the listing detail: asks the feed that loaded the list for one listing's
/// detail — its raw data through the second reformer (one API feeding two views) — and hands the
/// presenter plain data. It loads nothing: the list already did.
@MainActor
final class ListingDetailInteractor: ListingDetailInteractorInput {
    weak var output: (any ListingDetailInteractorOutput)?
    private let feed: any ListingsFeed
    private let listingID: String

    /// - Parameters:
    ///   - feed: the feed whose loaded data holds the listing.
    ///   - listingID: the `Listing.globalID` to show.
    init(feed: any ListingsFeed, listingID: String) {
        self.feed = feed
        self.listingID = listingID
    }

    // MARK: - ListingDetailInteractorInput

    func provideDetail() {
        trace(.interactor, self, "detail of \(listingID) from the feed")
        guard let detail = feed.detail(ofListingID: listingID) else {
            output?.didNotFindDetail(listingID: listingID)
            return
        }
        let listing = detail.listing
        output?.didProvideDetail(ListingDetailData(
            name: listing.name, title: listing.title, kindLabel: listing.kind.label, priceText: listing.price?.text ?? "",
            areaText: listing.areaText ?? "", district: listing.district ?? "", imageURL: listing.imageURL,
            serviceName: detail.serviceName,
            mappings: detail.rows.map { .init(rawKey: $0.rawKey, field: $0.field, value: $0.value) }))
    }
}
