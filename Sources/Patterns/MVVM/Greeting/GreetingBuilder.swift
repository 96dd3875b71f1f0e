import Mediator
import Tracing

/// MVVM's assembly, as Orlov writes it, outside the view: the model exists; the view model over
/// it, the view; then `view.viewModel = viewModel`, which makes the view bind itself.
@MainActor
enum GreetingBuilder {
    static func build(_ context: ModuleContext) -> any ScreenModule {
        @Traced(.builder, self, "view model(model), view; view.viewModel = view model") var call
        let viewModel = GreetingViewModel(model: context.appState)
        let view = GreetingViewController()
        view.viewModel = viewModel
        return HostedScreen(rootViewController: view)
    }
}
