import Mediator
import Networking
import Reformers
import Tracing

/// MVP's assembly, outside the view. Orlov notes MVP is the first pattern to expose the assembly
/// problem: three parts (model, view, presenter) that must be wired together by someone who is
/// none of them. The builder is that someone: view, presenter(view, model, person service), then
/// `view.presenter = presenter`.
@MainActor
enum GreetingBuilder {
    static func build(_ context: ModuleContext) -> any ScreenModule {
        trace(.builder, self, "view, presenter(view, model, person service, network status)")
        let landingPoint = context.network.makeLandingPoint("MVP greeting")
        let personService = context.network.makePersonService(landingPoint: landingPoint)
        let view = GreetingViewController()
        let presenter = GreetingPresenter(
            view: view, appState: context.appState, personService: personService,
            networkStatus: context.network.makeNetworkStatus())
        // The view owns its presenter (nothing else keeps it); the presenter holds the view
        // weakly. One strong direction only, or the pair would keep each other alive forever.
        view.presenter = presenter
        // Weak: the view owns the presenter; teardown must not extend its life.
        return HostedScreen(rootViewController: view) { [weak presenter] in
            landingPoint.cancelAll()
            presenter?.cancelLoading()
        }
    }
}
