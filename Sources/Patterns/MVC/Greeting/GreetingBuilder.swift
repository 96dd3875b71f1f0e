import Mediator
import Tracing

/// MVC's assembly, as Orlov writes it: make the model, make the controller, hand the model over.
/// The controller gets the person API too; the module's landing point cancels its requests when
/// the screen goes away.
@MainActor
enum GreetingBuilder {
    static func build(_ context: ModuleContext) -> any ScreenModule {
        trace(.builder, self, "controller(model, person API)")
        let landingPoint = context.network.makeLandingPoint("MVC greeting")
        let personManager = context.network.makePersonManager(landingPoint: landingPoint)
        let controller = GreetingViewController(appState: context.appState, personManager: personManager)
        return HostedScreen(rootViewController: controller, onTearDown: landingPoint.cancelAll)
    }
}
