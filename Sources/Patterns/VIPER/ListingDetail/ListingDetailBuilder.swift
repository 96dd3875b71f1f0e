import Model
import Networking
import ModelServices
import Tracing
import Widgets

/// Assembles the detail module for one listing id. Made once by the listings builder with the
/// module's data access (the shared state, the managers that loaded the list, the picture service)
/// and kept by the listings router, so only an id travels from the list to here. Only the picture
/// loads: the interactor reads the listing from the raw data the current source's manager holds.
@MainActor
final class ListingDetailBuilder {
    private let appState: AppState
    private let managers: [ListingSource: any PagedDataManaging]
    private let pictureService: any PictureService

    init(appState: AppState, managers: [ListingSource: any PagedDataManaging], pictureService: any PictureService) {
        self.appState = appState
        self.managers = managers
        self.pictureService = pictureService
    }

    func build(listingID: String) -> ViewController {
        @Traced(.builder, self, "detail of \(listingID)") var call
        let interactor = ListingDetailInteractor(
            manager: managers[appState.listingSource]!, listingID: listingID, pictureService: pictureService)
        let presenter = ListingDetailPresenter(interactor: interactor)
        let view = ListingDetailViewController(eventHandler: presenter)
        presenter.view = view
        interactor.output = presenter
        return view
    }
}
