import Model
import Reformers
import Tracing

/// What the detail view may tell its presenter (view → presenter).
@MainActor
protocol ListingDetailViewPresenter: AnyObject {
    /// The view loaded: time to fill it.
    func viewDidLoad()
}

/// MVP's presenter for the listing detail: asks the feed for the listing's detail — read from the
/// raw data it already holds through the second reformer, nothing loads again — and formats it;
/// then loads the listing's picture and tells the view when it lands.
@MainActor
final class ListingDetailPresenter: ListingDetailViewPresenter {
    /// Weak: the view owns its presenter.
    private weak var view: (any ListingDetailView)?
    private let listingID: String
    private let feed: any ListingsFeed
    private let pictureService: any PictureService
    /// The picture's load. The presenter started it, so the presenter cancels it when it goes.
    private var pictureTask: Task<Void, Never>?

    /// - Parameters:
    ///   - listingID: the `Listing.globalID` of the listing to show.
    ///   - feed: the feed whose loaded data holds it.
    ///   - pictureService: where the listing's picture comes from.
    init(view: any ListingDetailView, listingID: String, feed: any ListingsFeed, pictureService: any PictureService) {
        self.view = view
        self.listingID = listingID
        self.feed = feed
        self.pictureService = pictureService
    }

    isolated deinit {
        pictureTask?.cancel()
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
        loadPicture(of: listing)
    }

    // MARK: - The picture

    private func loadPicture(of listing: Listing) {
        view?.showPicture(nil, caption: PictureCaption.loading)
        let pictureService = self.pictureService
        pictureTask = ServiceLoad.start { () async throws(LoadFailure) in
            try await pictureService.picture(at: listing.imageURL)
        } loaded: { [weak self] in self?.pictureDidLoad($0) } failed: { [weak self] in self?.pictureDidFail($0) }
    }

    private func pictureDidLoad(_ picture: Picture) {
        trace(.presenter, self, "picture \(picture.width)×\(picture.height)")
        view?.showPicture(picture, caption: "")
    }

    private func pictureDidFail(_ failure: LoadFailure) {
        trace(.presenter, self, "no picture: \(failure.shortName)")
        view?.showPicture(nil, caption: failure.userMessage)
    }
}
