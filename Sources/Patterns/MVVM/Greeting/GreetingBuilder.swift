import Mediator
import Networking
import Reformers
import Tracing

/// MVVM's assembly of the greeting, outside the view: the model (shared state, the person service
/// on the module's landing point), the view model over it, the view over the view model. The view
/// binds itself when it loads; nobody hands the view model a view.
@MainActor
enum GreetingBuilder {
    static func build(_ context: ModuleContext) -> any ScreenModule {
        trace(.builder, self, "view model(model, person service, network status) → view(view model)")
        let landingPoint = context.network.makeLandingPoint("MVVM greeting")
        let personService = context.network.makePersonService(landingPoint: landingPoint)
        let viewModel = GreetingViewModel(
            appState: context.appState, personService: personService, networkStatus: context.network.makeNetworkStatus())
        let viewController = GreetingViewController(viewModel: viewModel)
        // Weak: the view controller owns the view model; teardown must not extend its life.
        return HostedScreen(rootViewController: viewController) { [weak viewModel] in
            landingPoint.cancelAll()
            viewModel?.cancelLoading()
        }
    }
}
