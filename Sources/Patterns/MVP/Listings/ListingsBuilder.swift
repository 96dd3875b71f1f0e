import Mediator
import Networking
import Tracing
import Widgets

/// MVP's assembly of the property list, outside the view: the list managers (one per source, all
/// on the module's landing point), the view in its navigation controller, the router over that
/// navigation controller, the presenter(view, model, managers, router), then `view.presenter`.
@MainActor
enum ListingsBuilder {
    static func build(_ context: ModuleContext) -> any ScreenModule {
        @Traced(.builder, self, "view, router(nav, pictures), presenter(view, model, managers, router, network status)") var call
        let landingPoint = context.network.makeLandingPoint("MVP listings")
        let view = ListingsViewController()
        let navigationController = NavigationController(rootViewController: view)
        let router = ListingsNavigationRouter(
            navigationController: navigationController, pictureService: context.network.makePictureService())
        let presenter = ListingsPresenter(
            view: view, appState: context.appState, managers: context.network.makeListManagers(landingPoint: landingPoint),
            router: router,
            networkStatus: context.network.makeNetworkStatus())
        // The view owns its presenter, the presenter its router; the presenter holds the view and
        // the router the navigation controller weakly, so every strong arrow points away from
        // the root and the module dies with it.
        view.presenter = presenter
        return HostedScreen(rootViewController: navigationController) { [weak presenter] in
            landingPoint.cancelAll()
            presenter?.stopObserving()
        }
    }
}
