import Mediator
import Model
import Networking
import Reformers
import Tracing
import Widgets

/// MVC's assembly of the property list, outside any view: the module's landing point, one list
/// manager per team, the "All" feed, the list controller and the navigation controller it pushes
/// onto. Teardown closes the landing point (every request, the feed's too) and ends the
/// controller's own task.
@MainActor
enum ListingsBuilder {
    static func build(_ context: ModuleContext) -> any ScreenModule {
        trace(.builder, self, "controller(model, managers, feed) in navigation")
        let landingPoint = context.network.makeLandingPoint("MVC listings")
        let listManagers = Dictionary(uniqueKeysWithValues: ListingKind.allCases.map { kind in
            (kind, context.network.makeListManager(for: kind, landingPoint: landingPoint))
        })
        let allListingsFeed = AllListingsFeed(environment: context.network, landingPoint: landingPoint)
        let controller = ListingsViewController(
            appState: context.appState, listManagers: listManagers, allListingsFeed: allListingsFeed)
        let navigationController = NavigationController(rootViewController: controller)
        // Weak: the navigation controller owns the list controller; teardown must not extend its life.
        return HostedScreen(rootViewController: navigationController) { [weak controller] in
            landingPoint.cancelAll()
            controller?.cancelLoading()
        }
    }
}
