import Mediator
import Networking
import Tracing
import Widgets

/// Assembles the property list: one list manager per source on the module's landing point, the
/// detail module's builder over the same managers (the app's wiring, as objc.io's `VTDAppDependencies`),
/// then the interactor, router, presenter and view, wired as in the greeting — strong references
/// down through initialisers, weak ones back up set here — inside a navigation controller the
/// router pushes the detail on.
@MainActor
enum ListingsBuilder {
    static func build(_ context: ModuleContext) -> any ScreenModule {
        @Traced(.builder, self, "managers, interactor, router(detail builder with pictures), presenter, view") var call
        let landingPoint = context.network.makeLandingPoint("VIPER listings")
        let managers = context.network.makeListManagers(landingPoint: landingPoint)
        let interactor = ListingsInteractor(
            appState: context.appState, managers: managers, networkStatus: context.network.makeNetworkStatus())
        let detailBuilder = ListingDetailBuilder(
            appState: context.appState, managers: managers, pictureService: context.network.makePictureService())
        let router = ListingsRouter(detailBuilder: detailBuilder)
        let presenter = ListingsPresenter(interactor: interactor, router: router)
        let view = ListingsViewController(eventHandler: presenter)
        presenter.view = view
        interactor.output = presenter
        router.viewController = view
        let navigation = NavigationController(rootViewController: view)
        return HostedScreen(rootViewController: navigation) { [weak interactor] in
            landingPoint.cancelAll()
            interactor?.stopObserving()
        }
    }
}
