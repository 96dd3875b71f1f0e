import Tracing

/// VIPER's Presenter of the listing detail: formats the listing's fields (`45 m²`, the price, the
/// kind's label) and hands the reformer's rows to the view; sends "back" to the router.
@MainActor
final class ListingDetailPresenter {
    weak var view: (any ListingDetailViewInterface)?
    let interactor: any ListingDetailInteractorInput
    let router: any ListingDetailRouting

    init(interactor: any ListingDetailInteractorInput, router: any ListingDetailRouting) {
        self.interactor = interactor
        self.router = router
    }
}

// MARK: - ListingDetailViewEventHandler

extension ListingDetailPresenter: ListingDetailViewEventHandler {
    func viewDidLoad() {
        trace(.presenter, self, "ask for the detail")
        interactor.provideDetail()
    }

    func didRequestBack() {
        trace(.presenter, self, "back")
        router.closeDetail()
    }
}

// MARK: - ListingDetailInteractorOutput

extension ListingDetailPresenter: ListingDetailInteractorOutput {
    func didProvideDetail(_ detail: ListingDetailData) {
        trace(.presenter, self, "format \(detail.rows.count) rows")
        let listing = detail.listing
        view?.showTitle(listing.name)
        view?.showDetail(
            fields: [
                ("Name", listing.name), ("Title", listing.title), ("Kind", listing.kind.label),
                ("Price", listing.price?.text ?? ""), ("Area", listing.areaText ?? ""), ("District", listing.district ?? ""),
                ("Image", listing.imageURL),
            ],
            service: detail.serviceName,
            mappings: detail.rows.map { ($0.rawKey, $0.field, $0.value) })
    }
}
