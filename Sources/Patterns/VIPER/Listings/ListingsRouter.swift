import Tracing
import Widgets

/// VIPER's Router (wireframe) of the property list: builds the detail module and pushes it on the
/// navigation stack of the view controller it holds weakly (the navigation controller owns the
/// view controllers; a router that held one strongly would keep a closed screen alive).
@MainActor
final class ListingsRouter: ListingsRouting {
    weak var viewController: ViewController?

    func showDetail(of listing: SelectedListingData) {
        trace(.router, self, "push the detail of \(listing.name)")
        let detail = ListingDetailBuilder.build(listing)
        viewController?.navigationController?.pushViewController(detail)
    }
}
