import Model
import Reformers
import ScreenViews
import Tracing
import Widgets

/// One listing, in Cocoa MVC: the list controller makes this controller with the listing's id and
/// the model (the feed that loaded it), and pushes it. The model reads the raw data it already
/// holds through a second reformer (one API feeding two views), so nothing is loaded again.
final class ListingDetailViewController: ViewController {
    private let listingID: String
    /// The model that loaded the listing. Strong but no cycle: the feed knows no screen.
    private let feed: any ListingsFeed

    /// - Parameters:
    ///   - listingID: the `Listing.globalID` of the row the user opened.
    ///   - feed: the feed whose loaded data holds the listing.
    init(listingID: String, feed: any ListingsFeed) {
        self.listingID = listingID
        self.feed = feed
        super.init()
    }

    // MARK: - Life cycle

    override func loadView() {
        view = ListingDetailView()
    }

    override func viewWillAppear() {
        super.viewWillAppear()
        trace(.controller, self, "detail of \(listingID) from the model")
        showDetail(feed.detail(ofListingID: listingID))
    }

    // MARK: - Private

    private func showDetail(_ detail: ListingDetail?) {
        guard let detail else {
            title = "Listing"
            detailView.show(fields: [("Listing", listingID), ("Status", ListingDetail.missingText)], service: "listings",
                            mappings: [])
            return
        }
        let listing = detail.listing
        title = listing.name
        detailView.show(
            fields: [
                ("Name", listing.name), ("Title", listing.title), ("Kind", listing.kind.label),
                ("Price", listing.price?.text ?? ""), ("Area", listing.areaText ?? ""), ("District", listing.district ?? ""),
                ("Image", listing.imageURL),
            ],
            service: detail.serviceName,
            mappings: detail.rows.map { ($0.rawKey, $0.field, $0.value) })
    }

    // MARK: - Getters and setters

    /// Built in `loadView`; the getter only names it.
    private var detailView: ListingDetailView { view as! ListingDetailView }
}
