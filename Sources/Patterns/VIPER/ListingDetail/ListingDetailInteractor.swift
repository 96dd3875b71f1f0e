import Model
import Networking
import ModelServices
import Tracing

/// VIPER's Interactor of the listing detail: reads one listing's detail from the raw data of the
/// manager that loaded the list, through the second reformer (one API feeding two views), and
/// hands the presenter plain data; the list already loaded the listing. What it does load is the listing's
/// picture, from the picture service, handed on as plain pixels.
@MainActor
final class ListingDetailInteractor: ListingDetailInteractorInput {
    weak var output: (any ListingDetailInteractorOutput)?
    private let manager: any DataManaging
    private let listingID: String
    private let pictureService: any PictureService
    /// Known once the detail was provided.
    private var imageURL: String?
    /// The picture's load. The interactor started it, so the interactor cancels it when it goes.
    private var pictureLoad: PictureLoad?

    /// - Parameters:
    ///   - manager: the list manager whose data holds the listing.
    ///   - listingID: the `Listing.globalID` to show.
    ///   - pictureService: where the listing's picture comes from.
    init(manager: any DataManaging, listingID: String, pictureService: any PictureService) {
        self.manager = manager
        self.listingID = listingID
        self.pictureService = pictureService
    }

    isolated deinit {
        pictureLoad?.cancel()
    }

    // MARK: - ListingDetailInteractorInput

    func provideDetail() {
        @Traced(.interactor, self, "detail of \(listingID) through its reformer") var call
        guard let detail = manager.fetchData(with: ListingDetailReformer(listingID: listingID)) ?? nil else {
            output?.didNotFindDetail(listingID: listingID)
            return
        }
        let listing = detail.listing
        imageURL = listing.imageURL
        output?.didProvideDetail(ListingDetailData(
            name: listing.name, title: listing.title, kindLabel: listing.kind.label, priceText: listing.price?.text ?? "",
            areaText: listing.areaText ?? "", district: listing.district ?? "", imageURL: listing.imageURL,
            serviceName: detail.serviceName,
            mappings: detail.rows.map { .init(rawKey: $0.rawKey, field: $0.field, value: $0.value) }))
    }

    func providePicture() {
        guard let imageURL, pictureLoad == nil else { return }
        output?.willLoadPicture()
        pictureLoad = pictureService.loadPicture(at: imageURL, delegate: self)
    }

    // MARK: - Private

}

// MARK: - PictureServiceDelegate

extension ListingDetailInteractor: PictureServiceDelegate {
    func pictureService(_ service: any PictureService, didLoad picture: Picture) {
        @Traced(.interactor, self, "picture \(picture.width)×\(picture.height)") var call
        output?.didLoadPicture(ListingPictureData(width: picture.width, height: picture.height, rgb: picture.rgb))
    }

    func pictureService(_ service: any PictureService, didFailWith failure: LoadFailure) {
        @Traced(.interactor, self, "no picture: \(failure.shortName)") var call
        output?.didFailToLoadPicture(reason: failure.userMessage)
    }
}
