import Mediator
import Model
import Networking
import Reformers
import Tracing
import Widgets

/// Assembles the property list: one feed per source on the module's landing point, then the
/// interactor, router, presenter and view, wired as in the greeting — strong references down
/// through initialisers, weak ones back up set here — inside a navigation controller the router
/// pushes the detail on.
@MainActor
enum ListingsBuilder {
    static func build(_ context: ModuleContext) -> any ScreenModule {
        trace(.builder, self, "feeds, interactor, router, presenter, view")
        let landingPoint = context.network.makeLandingPoint("VIPER listings")
        let feeds = makeFeeds(network: context.network, landingPoint: landingPoint)
        let interactor = ListingsInteractor(appState: context.appState, feeds: feeds)
        let router = ListingsRouter()
        let presenter = ListingsPresenter(interactor: interactor, router: router)
        let view = ListingsViewController(eventHandler: presenter)
        presenter.view = view
        interactor.output = presenter
        router.viewController = view
        let navigation = NavigationController(rootViewController: view)
        return HostedScreen(rootViewController: navigation) { [weak interactor] in
            landingPoint.cancelAll()
            interactor?.cancelLoads()
        }
    }

    /// One feed per source: a team's list manager, or "All" over three more managers. Every
    /// manager lands on `landingPoint`; they share the environment's cache.
    static func makeFeeds(network: NetworkEnvironment, landingPoint: LandingPoint) -> [ListingSource: any ListingsFeed] {
        var feeds: [ListingSource: any ListingsFeed] = [:]
        for source in ListingSource.allCases {
            feeds[source] = source == .all
                ? AllListingsFeed(environment: network, landingPoint: landingPoint)
                : TeamListingsFeed(manager: network.makeListManager(for: source.kinds[0], landingPoint: landingPoint))
        }
        return feeds
    }
}
