import Model
import Networking
import ModelServices
import Tracing

/// What the detail view may tell its presenter (view → presenter).
@MainActor
protocol ListingDetailViewPresenter: AnyObject {
    /// The view loaded: time to fill it.
    func viewDidLoad()
}

/// MVP's presenter for the listing detail: reads the listing's detail from the raw data the list's
/// manager already holds, through the second reformer (nothing loads again), and formats it; then
/// loads the listing's picture and tells the view when it lands.
@MainActor
final class ListingDetailPresenter: ListingDetailViewPresenter {
    /// Weak: the view owns its presenter.
    private weak var view: (any ListingDetailView)?
    private let listingID: String
    private let manager: any DataManaging
    private let pictureService: any PictureService
    /// The picture's load. The presenter started it, so the presenter cancels it when it goes.
    private var pictureLoad: PictureLoad?

    /// - Parameters:
    ///   - listingID: the `Listing.globalID` of the listing to show.
    ///   - manager: the list manager whose data holds it.
    ///   - pictureService: where the listing's picture comes from.
    init(view: any ListingDetailView, listingID: String, manager: any DataManaging, pictureService: any PictureService) {
        self.view = view
        self.listingID = listingID
        self.manager = manager
        self.pictureService = pictureService
    }

    isolated deinit {
        pictureLoad?.cancel()
    }

    func viewDidLoad() {
        @Traced(.presenter, self, "detail of \(listingID) through its reformer") var call
        guard let detail = manager.fetchData(with: ListingDetailReformer(listingID: listingID)) ?? nil else {
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
        pictureLoad = pictureService.loadPicture(at: listing.imageURL, delegate: self)
    }

}

// MARK: - PictureServiceDelegate

extension ListingDetailPresenter: PictureServiceDelegate {
    func pictureService(_ service: any PictureService, didLoad picture: Picture) {
        @Traced(.presenter, self, "picture \(picture.width)×\(picture.height)") var call
        view?.showPicture(picture, caption: "")
    }

    func pictureService(_ service: any PictureService, didFailWith failure: LoadFailure) {
        @Traced(.presenter, self, "no picture: \(failure.shortName)") var call
        view?.showPicture(nil, caption: failure.userMessage)
    }
}
