import Mediator
import Networking
import ModelServices
import Tracing
import Widgets

/// MVC's assembly of the property list, outside any view: the module's landing point, one list
/// manager per source (all on that landing point), the list controller and the navigation
/// controller it pushes onto. Teardown closes the landing point (every request) and stops the
/// controller observing the network type.
@MainActor
enum ListingsBuilder {
    static func build(_ context: ModuleContext) -> any ScreenModule {
        @Traced(.builder, self, "controller(model, managers, network status, pictures) in navigation") var call
        let landingPoint = context.network.makeLandingPoint("MVC listings")
        let controller = ListingsViewController(
            appState: context.appState, managers: context.network.makeListManagers(landingPoint: landingPoint), networkStatus: context.network.makeNetworkStatus(),
            pictureService: context.network.makePictureService())
        let navigationController = NavigationController(rootViewController: controller)
        // Weak: the navigation controller owns the list controller; teardown must not extend its life.
        return HostedScreen(rootViewController: navigationController) { [weak controller] in
            landingPoint.cancelAll()
            controller?.stopObserving()
        }
    }
}
