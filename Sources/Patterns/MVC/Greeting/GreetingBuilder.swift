import Mediator
import Networking
import Reformers
import Tracing

/// MVC's assembly, as Orlov writes it: make the model, make the controller, hand the model over.
/// The controller gets the person service too, on the module's landing point; teardown closes the
/// landing point and ends the controller's load.
@MainActor
enum GreetingBuilder {
    static func build(_ context: ModuleContext) -> any ScreenModule {
        trace(.builder, self, "controller(model, person service, network status)")
        let landingPoint = context.network.makeLandingPoint("MVC greeting")
        let personService = context.network.makePersonService(landingPoint: landingPoint)
        let controller = GreetingViewController(
            appState: context.appState, personService: personService, networkStatus: context.network.makeNetworkStatus())
        // Weak: the screen owns its controller; teardown must not extend its life.
        return HostedScreen(rootViewController: controller) { [weak controller] in
            landingPoint.cancelAll()
            controller?.cancelLoading()
        }
    }
}
