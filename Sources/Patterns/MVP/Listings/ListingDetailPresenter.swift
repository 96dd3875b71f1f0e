import Model
import Networking
import Reformers
import Tracing

/// What the detail view may tell its presenter (view → presenter).
@MainActor
protocol ListingDetailViewPresenter: AnyObject {
    /// The view loaded: time to fill it.
    func viewDidLoad()
}

/// MVP's presenter for the listing detail: reads the list manager's raw data through the
/// second reformer (one API feeding two views; nothing is loaded again) and formats the rows.
@MainActor
final class ListingDetailPresenter: ListingDetailViewPresenter {
    /// Weak: the view owns its presenter.
    private weak var view: (any ListingDetailView)?
    private let listing: Listing
    private let manager: any APIManaging

    /// - Parameters:
    ///   - listing: the listing to show, as the list had it.
    ///   - manager: the list manager whose raw data holds it.
    init(view: any ListingDetailView, listing: Listing, manager: any APIManaging) {
        self.view = view
        self.listing = listing
        self.manager = manager
    }

    func viewDidLoad() {
        trace(.presenter, self, "\(listing.globalID) from \(manager.method) data")
        view?.showTitle(listing.name)
        let detail = manager.fetchData(reformer: ListingDetailReformer(listingID: listing.id)).flatMap { $0 }
        let shown = detail?.listing ?? listing
        view?.showDetail(
            fields: [
                ("Name", shown.name), ("Title", shown.title), ("Kind", shown.kind.label),
                ("Price", shown.price?.text ?? ""), ("Area", shown.areaText ?? ""),
                ("District", shown.district ?? ""), ("Image", shown.imageURL),
            ],
            service: manager.service.id,
            mappings: detail?.rows.map { ($0.rawKey, $0.field, $0.value) } ?? [])
    }
}
