import Tracing
import Widgets

/// Assembles the detail module for one listing, from what the list's router hands it; returns its
/// view controller for the router to push. Nothing here loads: the interactor reads the raw data
/// the list manager already holds.
@MainActor
enum ListingDetailBuilder {
    static func build(_ listing: SelectedListingData) -> ViewController {
        trace(.builder, self, "detail of \(listing.listingID)")
        let interactor = ListingDetailInteractor(manager: listing.manager, listingID: listing.listingID)
        let router = ListingDetailRouter()
        let presenter = ListingDetailPresenter(interactor: interactor, router: router)
        let view = ListingDetailViewController(eventHandler: presenter)
        presenter.view = view
        interactor.output = presenter
        router.viewController = view
        return view
    }
}
