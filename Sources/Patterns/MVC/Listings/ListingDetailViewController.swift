import Model
import Reformers
import ScreenViews
import Tracing
import Widgets

/// One listing, in Cocoa MVC: the list controller makes this controller with the listing's id and
/// the model (the feed that loaded it), and pushes it. The model reads the raw data it already
/// holds through a second reformer (one API feeding two views), so nothing is loaded again but the
/// listing's picture, which the controller asks the picture service for and shows when it lands.
final class ListingDetailViewController: ViewController {
    private let listingID: String
    /// The model that loaded the listing. Strong but no cycle: the feed knows no screen.
    private let feed: any ListingsFeed
    private let pictureService: any PictureService
    /// The picture's load. The controller started it, so the controller cancels it when it goes.
    private var pictureTask: Task<Void, Never>?

    /// - Parameters:
    ///   - listingID: the `Listing.globalID` of the row the user opened.
    ///   - feed: the feed whose loaded data holds the listing.
    ///   - pictureService: where the listing's picture comes from.
    init(listingID: String, feed: any ListingsFeed, pictureService: any PictureService) {
        self.listingID = listingID
        self.feed = feed
        self.pictureService = pictureService
        super.init()
    }

    isolated deinit {
        pictureTask?.cancel()
    }

    // MARK: - Life cycle

    override func loadView() {
        view = ListingDetailView()
    }

    override func viewWillAppear() {
        super.viewWillAppear()
        trace(.controller, self, "detail of \(listingID) from the model")
        let detail = feed.detail(ofListingID: listingID)
        showDetail(detail)
        if let listing = detail?.listing, pictureTask == nil { loadPicture(of: listing) }
    }

    // MARK: - Private: the picture

    private func loadPicture(of listing: Listing) {
        detailView.showPicture(nil, caption: PictureCaption.loading)
        let pictureService = self.pictureService
        pictureTask = ServiceLoad.start { () async throws(LoadFailure) in
            try await pictureService.picture(at: listing.imageURL)
        } loaded: { [weak self] in self?.pictureDidLoad($0) } failed: { [weak self] in self?.pictureDidFail($0) }
    }

    private func pictureDidLoad(_ picture: Picture) {
        trace(.controller, self, "picture \(picture.width)×\(picture.height)")
        detailView.showPicture(PixelImage(width: picture.width, height: picture.height, rgb: picture.rgb), caption: "")
    }

    private func pictureDidFail(_ failure: LoadFailure) {
        trace(.controller, self, "no picture: \(failure.shortName)")
        detailView.showPicture(nil, caption: failure.userMessage)
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
