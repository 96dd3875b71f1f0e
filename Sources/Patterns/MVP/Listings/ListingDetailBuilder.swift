import Model
import Networking
import Tracing
import Widgets

/// MVP's assembly of the detail screen, asked for by the listings router: view,
/// presenter(view, listing, manager), then `view.presenter`.
@MainActor
enum ListingDetailBuilder {
    static func build(listing: Listing, manager: any APIManaging) -> ViewController {
        trace(.builder, self, "view, presenter(view, listing, manager)")
        let view = ListingDetailViewController()
        let presenter = ListingDetailPresenter(view: view, listing: listing, manager: manager)
        // As in every MVP module: the view owns the presenter, the presenter holds the view weakly.
        view.presenter = presenter
        return view
    }
}
