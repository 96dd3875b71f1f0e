import Mediator
import Tracing

/// MVC's assembly, as Orlov writes it: the model exists, make the controller, hand the model over.
@MainActor
enum GreetingBuilder {
    static func build(_ context: ModuleContext) -> any ScreenModule {
        @Traced(.builder, self, "controller(model)") var call
        let view = GreetingViewController()
        view.model = context.appState
        return HostedScreen(rootViewController: view)
    }
}
