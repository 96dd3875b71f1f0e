import Model
import Reformers
import Tracing
import Widgets

/// Assembles the detail module for one listing id. Made once by the listings builder with the
/// module's data access (the shared state and the feeds that loaded the list) and kept by the
/// listings router, so only an id travels from the list to here. Nothing loads: the interactor
/// reads the raw data the current source's feed already holds.
@MainActor
final class ListingDetailBuilder {
    private let appState: AppState
    private let feeds: [ListingSource: any ListingsFeed]

    init(appState: AppState, feeds: [ListingSource: any ListingsFeed]) {
        self.appState = appState
        self.feeds = feeds
    }

    func build(listingID: String) -> ViewController {
        trace(.builder, self, "detail of \(listingID)")
        let interactor = ListingDetailInteractor(feed: feeds[appState.listingSource]!, listingID: listingID)
        let router = ListingDetailRouter()
        let presenter = ListingDetailPresenter(interactor: interactor, router: router)
        let view = ListingDetailViewController(eventHandler: presenter)
        presenter.view = view
        interactor.output = presenter
        router.viewController = view
        return view
    }
}
