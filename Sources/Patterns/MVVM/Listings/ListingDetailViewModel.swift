import Model
import ModelServices
import Tracing

/// The detail screen's view model: the listing's fields and the raw keys they came from, as the
/// view shows them — fixed for the screen's life, so plain constants — and the listing's picture,
/// the one thing that changes while the screen is shown, as an `Observable` the view binds to.
/// It loads the picture itself when asked (`loadPicture()`, the view's "I appeared"), and knows no
/// view.
@MainActor
final class ListingDetailViewModel {
    /// One `name  value` row of the `Listing` section.
    struct Field: Equatable, Sendable {
        let name: String
        let value: String
    }

    /// One `raw key  →  field  value` row of the `From the <service> API` section.
    struct Mapping: Equatable, Sendable {
        let rawKey: String
        let field: String
        let value: String
    }

    /// The picture's place: the picture once it landed, and the caption under it.
    struct PictureState: Equatable, Sendable {
        let picture: Picture?
        let caption: String

        static let none = PictureState(picture: nil, caption: "")
    }

    /// The listing's name: the navigation title, so the breadcrumb reads `Listings › <name>`.
    let title: String
    let fields: [Field]
    /// The API the listing came from (`rent`, `xinfang`, `esf`).
    let serviceName: String
    let mappings: [Mapping]
    let picture = Observable(PictureState.none, name: "picture")

    private let imageURL: String?
    private let pictureService: any PictureService
    /// The picture's load. The view model started it, so the view model cancels it when it goes.
    private var pictureLoad: PictureLoad?

    /// - Parameters:
    ///   - listingID: the `Listing.globalID` the user opened.
    ///   - detail: what the list manager's data holds for it; nil when it holds no such listing.
    ///   - pictureService: where the listing's picture comes from.
    init(listingID: String, detail: ListingDetail?, pictureService: any PictureService) {
        self.pictureService = pictureService
        guard let detail else {
            title = "Listing"
            fields = [Field(name: "Listing", value: listingID), Field(name: "Status", value: ListingDetail.missingText)]
            serviceName = "listings"
            mappings = []
            imageURL = nil
            return
        }
        let listing = detail.listing
        title = listing.name
        fields = [
            Field(name: "Name", value: listing.name),
            Field(name: "Title", value: listing.title),
            Field(name: "Kind", value: listing.kind.label),
            Field(name: "Price", value: listing.price?.text ?? ""),
            Field(name: "Area", value: listing.areaText ?? ""),
            Field(name: "District", value: listing.district ?? ""),
            Field(name: "Image", value: listing.imageURL),
        ]
        serviceName = detail.serviceName
        mappings = detail.rows.map { Mapping(rawKey: $0.rawKey, field: $0.field, value: $0.value) }
        imageURL = listing.imageURL
    }

    isolated deinit {
        pictureLoad?.cancel()
    }

    // MARK: Inputs

    /// Loads the listing's picture once (a missing listing has none).
    func loadPicture() {
        guard let imageURL, pictureLoad == nil else { return }
        picture.value = PictureState(picture: nil, caption: PictureCaption.loading)
        pictureLoad = pictureService.loadPicture(at: imageURL, delegate: self)
    }

    // MARK: Private

}

// MARK: - PictureServiceDelegate

extension ListingDetailViewModel: PictureServiceDelegate {
    func pictureService(_ service: any PictureService, didLoad loaded: Picture) {
        @Traced(.viewModel, self, "picture \(loaded.width)×\(loaded.height)") var call
        picture.value = PictureState(picture: loaded, caption: "")
    }

    func pictureService(_ service: any PictureService, didFailWith failure: LoadFailure) {
        @Traced(.viewModel, self, "no picture: \(failure.shortName)") var call
        picture.value = PictureState(picture: nil, caption: failure.userMessage)
    }
}
