import Mediator
import Tracing

/// MVC's assembly, as Orlov writes it: make the model, make the controller, hand the model over.
/// The shared `AppState` is the model, so there is nothing else to wire.
@MainActor
enum GreetingBuilder {
    static func build(_ context: ModuleContext) -> any ScreenModule {
        trace(.builder, self, "controller(model)")
        let controller = GreetingViewController(appState: context.appState)
        return HostedScreen(rootViewController: controller)
    }
}
