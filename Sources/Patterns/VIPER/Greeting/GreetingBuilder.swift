import Mediator
import Tracing

/// VIPER's assembly, Orlov's four assignments. Strong references go down (view → presenter →
/// interactor), weak ones come back up, so releasing the view releases the module. No router: the
/// greeting goes nowhere, and Orlov leaves it out too; the listings' router shows one at work.
@MainActor
enum GreetingBuilder {
    static func build(_ context: ModuleContext) -> any ScreenModule {
        @Traced(.builder, self, "view, presenter, interactor(model); four assignments") var call
        let view = GreetingViewController()
        let presenter = GreetingPresenter()
        let interactor = GreetingInteractor(model: context.appState)
        view.eventHandler = presenter
        presenter.view = view
        presenter.greetingProvider = interactor
        interactor.output = presenter
        return HostedScreen(rootViewController: view)
    }
}
