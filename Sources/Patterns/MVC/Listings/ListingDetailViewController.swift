import Model
import Networking
import Reformers
import ScreenViews
import Tracing
import Widgets

/// One listing, in Cocoa MVC: the list controller makes this controller with the listing and the
/// manager that holds its raw data, and pushes it. It reads that same raw data through a second
/// reformer (one API feeding two views), so nothing is loaded again.
final class ListingDetailViewController: ViewController {
    private let listing: Listing
    /// The list manager the listing came from. Strong but no cycle: the manager knows no screen.
    private let listManager: any APIManaging

    /// - Parameters:
    ///   - listing: the row the user opened; its name is the breadcrumb's title.
    ///   - listManager: the manager whose raw pages hold the listing.
    init(listing: Listing, listManager: any APIManaging) {
        self.listing = listing
        self.listManager = listManager
        super.init()
        title = listing.name
    }

    // MARK: - Life cycle

    override func loadView() {
        view = ListingDetailView()
    }

    override func viewWillAppear() {
        super.viewWillAppear()
        trace(.controller, self, "reform \(listing.globalID) from \(listManager.method)")
        showDetail()
    }

    // MARK: - Private

    private func showDetail() {
        let detail = listManager.fetchData(reformer: ListingDetailReformer(listingID: listing.id)) ?? nil
        let shown = detail?.listing ?? listing
        detailView.show(
            fields: [
                ("Name", shown.name), ("Title", shown.title), ("Kind", shown.kind.label),
                ("Price", shown.price?.text ?? ""), ("Area", shown.areaText ?? ""), ("District", shown.district ?? ""),
                ("Image", shown.imageURL),
            ],
            service: listManager.service.id,
            mappings: (detail?.rows ?? []).map { ($0.rawKey, $0.field, $0.value) })
    }

    // MARK: - Getters and setters

    /// Built in `loadView`; the getter only names it.
    private var detailView: ListingDetailView { view as! ListingDetailView }
}
