import Model
import Networking
import ModelServices
import ScreenViews
import Tracing
import Widgets

/// One listing, in Cocoa MVC: the list controller makes this controller with the listing's id and
/// the manager that loaded it, and pushes it. The controller reads the manager's raw data through
/// a second reformer (one API feeding two views), so nothing is loaded again but the listing's
/// picture, which the controller asks the picture service for and shows when it lands.
final class ListingDetailViewController: ViewController {
    private let listingID: String
    /// The manager that loaded the listing. Strong but no cycle: its delegate is the list, held weakly.
    private let manager: any DataManaging
    private let pictureService: any PictureService
    /// The picture's load. The controller started it, so the controller cancels it when it goes.
    private var pictureLoad: PictureLoad?

    /// - Parameters:
    ///   - listingID: the `Listing.globalID` of the row the user opened.
    ///   - manager: the manager whose data holds the listing.
    ///   - pictureService: where the listing's picture comes from.
    init(listingID: String, manager: any DataManaging, pictureService: any PictureService) {
        self.listingID = listingID
        self.manager = manager
        self.pictureService = pictureService
        super.init()
    }

    isolated deinit {
        pictureLoad?.cancel()
    }

    // MARK: - Life cycle

    override func loadView() {
        view = ListingDetailView()
    }

    override func viewWillAppear() {
        super.viewWillAppear()
        @Traced(.controller, self, "detail of \(listingID) through its reformer") var call
        let detail = manager.fetchData(with: ListingDetailReformer(listingID: listingID)) ?? nil
        showDetail(detail)
        if let listing = detail?.listing, pictureLoad == nil { loadPicture(of: listing) }
    }

    // MARK: - Private: the picture

    private func loadPicture(of listing: Listing) {
        detailView.showPicture(nil, caption: PictureCaption.loading)
        pictureLoad = pictureService.loadPicture(at: listing.imageURL, delegate: self)
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

// MARK: - PictureServiceDelegate

extension ListingDetailViewController: PictureServiceDelegate {
    func pictureService(_ service: any PictureService, didLoad picture: Picture) {
        @Traced(.controller, self, "picture \(picture.width)×\(picture.height)") var call
        detailView.showPicture(PixelImage(width: picture.width, height: picture.height, rgb: picture.rgb), caption: "")
    }

    func pictureService(_ service: any PictureService, didFailWith failure: LoadFailure) {
        @Traced(.controller, self, "no picture: \(failure.shortName)") var call
        detailView.showPicture(nil, caption: failure.userMessage)
    }
}
