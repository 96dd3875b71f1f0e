import ModelServices
import Tracing

/// VIPER's Presenter of the listing detail: formats the interactor's plain data into the screen's
/// fields and raw-key rows, or the one fallback every pattern shows for a missing listing. The
/// module has no router: the detail leads nowhere (back is the navigation controller's), and a
/// router with no route would be a role that only looks busy — as the greeting has none.
@MainActor
final class ListingDetailPresenter {
    weak var view: (any ListingDetailViewInterface)?
    let interactor: any ListingDetailInteractorInput

    init(interactor: any ListingDetailInteractorInput) {
        self.interactor = interactor
    }
}

// MARK: - ListingDetailViewEventHandler

extension ListingDetailPresenter: ListingDetailViewEventHandler {
    func viewDidLoad() {
        @Traced(.presenter, self, "ask for the detail, then the picture") var call
        interactor.provideDetail()
        interactor.providePicture()
    }
}

// MARK: - ListingDetailInteractorOutput

extension ListingDetailPresenter: ListingDetailInteractorOutput {
    func didProvideDetail(_ detail: ListingDetailData) {
        @Traced(.presenter, self, "format \(detail.mappings.count) rows") var call
        view?.showTitle(detail.name)
        view?.showDetail(
            fields: [
                ("Name", detail.name), ("Title", detail.title), ("Kind", detail.kindLabel), ("Price", detail.priceText),
                ("Area", detail.areaText), ("District", detail.district), ("Image", detail.imageURL),
            ],
            service: detail.serviceName,
            mappings: detail.mappings.map { ($0.rawKey, $0.field, $0.value) })
    }

    func willLoadPicture() {
        view?.showPicture(nil, caption: PictureCaption.loading)
    }

    func didLoadPicture(_ picture: ListingPictureData) {
        @Traced(.presenter, self, "picture \(picture.width)×\(picture.height)") var call
        view?.showPicture(picture, caption: "")
    }

    func didFailToLoadPicture(reason: String) {
        @Traced(.presenter, self, "no picture") var call
        view?.showPicture(nil, caption: reason)
    }

    func didNotFindDetail(listingID: String) {
        @Traced(.presenter, self, "format the fallback") var call
        view?.showTitle("Listing")
        view?.showDetail(fields: [("Listing", listingID), ("Status", ListingDetail.missingText)], service: "listings",
                         mappings: [])
    }
}
