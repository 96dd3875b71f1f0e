import Model
import Reformers
import Tracing

/// VIPER's Interactor of the listing detail: asks the feed that loaded the list for one listing's
/// detail — its raw data through the second reformer (one API feeding two views) — and hands the
/// presenter plain data; the list already loaded the listing. What it does load is the listing's
/// picture, from the picture service, handed on as plain pixels.
@MainActor
final class ListingDetailInteractor: ListingDetailInteractorInput {
    weak var output: (any ListingDetailInteractorOutput)?
    private let feed: any ListingsFeed
    private let listingID: String
    private let pictureService: any PictureService
    /// Known once the detail was provided.
    private var imageURL: String?
    /// The picture's load. The interactor started it, so the interactor cancels it when it goes.
    private var pictureTask: Task<Void, Never>?

    /// - Parameters:
    ///   - feed: the feed whose loaded data holds the listing.
    ///   - listingID: the `Listing.globalID` to show.
    ///   - pictureService: where the listing's picture comes from.
    init(feed: any ListingsFeed, listingID: String, pictureService: any PictureService) {
        self.feed = feed
        self.listingID = listingID
        self.pictureService = pictureService
    }

    isolated deinit {
        pictureTask?.cancel()
    }

    // MARK: - ListingDetailInteractorInput

    func provideDetail() {
        trace(.interactor, self, "detail of \(listingID) from the feed")
        guard let detail = feed.detail(ofListingID: listingID) else {
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
        guard let imageURL, pictureTask == nil else { return }
        output?.willLoadPicture()
        let pictureService = self.pictureService
        pictureTask = ServiceLoad.start { () async throws(LoadFailure) in
            try await pictureService.picture(at: imageURL)
        } loaded: { [weak self] in self?.pictureDidLoad($0) } failed: { [weak self] in self?.pictureDidFail($0) }
    }

    // MARK: - Private

    private func pictureDidLoad(_ picture: Picture) {
        trace(.interactor, self, "picture \(picture.width)×\(picture.height)")
        output?.didLoadPicture(ListingPictureData(width: picture.width, height: picture.height, rgb: picture.rgb))
    }

    private func pictureDidFail(_ failure: LoadFailure) {
        trace(.interactor, self, "no picture: \(failure.shortName)")
        output?.didFailToLoadPicture(reason: failure.userMessage)
    }
}
