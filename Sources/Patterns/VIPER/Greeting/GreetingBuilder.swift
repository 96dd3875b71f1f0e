import Mediator
import Networking
import Reformers
import Tracing

/// VIPER's assembly (Orlov's "who wires it all"): makes the parts and connects them. Strong
/// references go down through initialisers — view → presenter → interactor and router —; the
/// references back up are weak and set here once every part exists, so the module has no cycle:
/// releasing the view controller releases everything.
@MainActor
enum GreetingBuilder {
    static func build(_ context: ModuleContext) -> any ScreenModule {
        trace(.builder, self, "view → presenter → interactor, router")
        let landingPoint = context.network.makeLandingPoint("VIPER greeting")
        let personService = context.network.makePersonService(landingPoint: landingPoint)
        let interactor = GreetingInteractor(
            appState: context.appState, personService: personService, networkStatus: context.network.makeNetworkStatus())
        let router = GreetingRouter()
        let presenter = GreetingPresenter(interactor: interactor, router: router)
        let view = GreetingViewController(eventHandler: presenter)
        presenter.view = view
        interactor.output = presenter
        router.viewController = view
        // Weak: the view controller owns the chain down to the interactor; teardown must not extend its life.
        return HostedScreen(rootViewController: view) { [weak interactor] in
            landingPoint.cancelAll()
            interactor?.cancelLoading()
        }
    }
}
