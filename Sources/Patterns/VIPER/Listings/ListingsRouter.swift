import Tracing
import Widgets

/// VIPER's Router (wireframe) of the property list: has the detail module built for the opened
/// listing's id and pushes it on the navigation stack of the view controller it holds weakly (the
/// navigation controller owns the view controllers; a router that held one strongly would keep a
/// closed screen alive).
@MainActor
final class ListingsRouter: ListingsRouting {
    weak var viewController: ViewController?
    /// The detail module's builder, with the data access the app's wiring gave it (objc.io's
    /// wireframe holding the next wireframe): nothing but an id travels through presenter and router.
    private let detailBuilder: ListingDetailBuilder

    init(detailBuilder: ListingDetailBuilder) {
        self.detailBuilder = detailBuilder
    }

    func showDetail(of listing: SelectedListingData) {
        @Traced(.router, self, "push the detail of \(listing.listingID)") var call
        viewController?.navigationController?.pushViewController(detailBuilder.build(listingID: listing.listingID))
    }
}
