import Mediator
import Networking
import Reformers
import Tracing

/// MVVM's assembly of the property list, outside the view: the model (one feed per source, all on
/// the module's landing point), the list's view model over it, and the coordinator, which makes
/// the views and the navigation stack and is started here.
@MainActor
enum ListingsBuilder {
    static func build(_ context: ModuleContext) -> any ScreenModule {
        trace(.builder, self, "feeds, network status, pictures → view model → coordinator(nav, views)")
        let landingPoint = context.network.makeLandingPoint("MVVM listings")
        let feeds = ListingsFeedFactory.makeFeeds(network: context.network, landingPoint: landingPoint)
        let viewModel = ListingsViewModel(
            appState: context.appState, feeds: feeds, networkStatus: context.network.makeNetworkStatus(),
            pictureService: context.network.makePictureService())
        let coordinator = ListingsCoordinator(listingsViewModel: viewModel)
        coordinator.start()
        // The module keeps the coordinator (nothing else holds it) until teardown ends the flow.
        return HostedScreen(rootViewController: coordinator.navigationController) {
            landingPoint.cancelAll()
            viewModel.cancelLoading()
            coordinator.stop()
        }
    }
}
