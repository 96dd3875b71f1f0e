import Mediator
import Networking
import Tracing

/// MVVM's assembly of the property list, outside the view: the model (one list manager per source,
/// all on the module's landing point), the list's view model over it, and the coordinator, which
/// makes the views and the navigation stack and is started here.
@MainActor
enum ListingsBuilder {
    static func build(_ context: ModuleContext) -> any ScreenModule {
        @Traced(.builder, self, "managers, network status, pictures → view model → coordinator(nav, views)") var call
        let landingPoint = context.network.makeLandingPoint("MVVM listings")
        let viewModel = ListingsViewModel(
            appState: context.appState, managers: context.network.makeListManagers(landingPoint: landingPoint),
            networkStatus: context.network.makeNetworkStatus(),
            pictureService: context.network.makePictureService())
        let coordinator = ListingsCoordinator(listingsViewModel: viewModel)
        coordinator.start()
        // The module keeps the coordinator (nothing else holds it) until teardown ends the flow.
        return HostedScreen(rootViewController: coordinator.navigationController) {
            landingPoint.cancelAll()
            viewModel.stopObserving()
            coordinator.stop()
        }
    }
}
