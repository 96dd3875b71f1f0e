import Networking
import ModelServices
import Tracing
import Widgets

/// The listings router over a navigation stack: builds the detail module and pushes it.
@MainActor
final class ListingsNavigationRouter: ListingsRouter {
    /// Weak: the navigation controller is the screen's root and owns (through the list view and
    /// its presenter) this router; a strong reference back would be a cycle.
    private weak var navigationController: NavigationController?
    /// What the detail module it builds loads its picture from.
    private let pictureService: any PictureService

    init(navigationController: NavigationController, pictureService: any PictureService) {
        self.navigationController = navigationController
        self.pictureService = pictureService
    }

    func showDetail(ofListingID listingID: String, in manager: any DataManaging) {
        @Traced(.router, self, "push detail of \(listingID)") var call
        let detail = ListingDetailBuilder.build(listingID: listingID, manager: manager, pictureService: pictureService)
        navigationController?.pushViewController(detail)
    }
}
