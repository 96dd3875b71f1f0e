import Networking
import ModelServices
import Tracing
import Widgets

/// MVP's assembly of the detail screen, asked for by the listings router: view,
/// presenter(view, listing id, manager, pictures), then `view.presenter`.
@MainActor
enum ListingDetailBuilder {
    static func build(listingID: String, manager: any DataManaging, pictureService: any PictureService) -> ViewController {
        @Traced(.builder, self, "view, presenter(view, listing id, manager, pictures)") var call
        let view = ListingDetailViewController()
        let presenter = ListingDetailPresenter(view: view, listingID: listingID, manager: manager, pictureService: pictureService)
        // As in every MVP module: the view owns the presenter, the presenter holds the view weakly.
        view.presenter = presenter
        return view
    }
}
