import Reformers
import Tracing

/// What the detail view may tell its presenter (view → presenter).
@MainActor
protocol ListingDetailViewPresenter: AnyObject {
    /// The view loaded: time to fill it.
    func viewDidLoad()
}

/// MVP's presenter for the listing detail: asks the feed for the listing's detail — read from the
/// raw data it already holds through the second reformer, nothing loads again — and formats it.
@MainActor
final class ListingDetailPresenter: ListingDetailViewPresenter {
    /// Weak: the view owns its presenter.
    private weak var view: (any ListingDetailView)?
    private let listingID: String
    private let feed: any ListingsFeed

    /// - Parameters:
    ///   - listingID: the `Listing.globalID` of the listing to show.
    ///   - feed: the feed whose loaded data holds it.
    init(view: any ListingDetailView, listingID: String, feed: any ListingsFeed) {
        self.view = view
        self.listingID = listingID
        self.feed = feed
    }

    func viewDidLoad() {
        trace(.presenter, self, "detail of \(listingID) from the feed")
        guard let detail = feed.detail(ofListingID: listingID) else {
            view?.showTitle("Listing")
            view?.showDetail(fields: [("Listing", listingID), ("Status", ListingDetail.missingText)], service: "listings",
                             mappings: [])
            return
        }
        let listing = detail.listing
        view?.showTitle(listing.name)
        view?.showDetail(
            fields: [
                ("Name", listing.name), ("Title", listing.title), ("Kind", listing.kind.label),
                ("Price", listing.price?.text ?? ""), ("Area", listing.areaText ?? ""),
                ("District", listing.district ?? ""), ("Image", listing.imageURL),
            ],
            service: detail.serviceName,
            mappings: detail.rows.map { ($0.rawKey, $0.field, $0.value) })
    }
}
