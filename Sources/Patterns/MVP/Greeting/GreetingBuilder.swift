import Mediator
import Tracing

/// MVP's assembly, outside the view. Orlov notes MVP is the first pattern to expose the assembly
/// problem: three parts that someone who is none of them must wire. The builder is that someone:
/// the model exists; view, presenter(view, model), then `view.presenter = presenter`.
@MainActor
enum GreetingBuilder {
    static func build(_ context: ModuleContext) -> any ScreenModule {
        @Traced(.builder, self, "view, presenter(view, model)") var call
        let view = GreetingViewController()
        let presenter = GreetingPresenter(view: view, model: context.appState)
        view.presenter = presenter
        return HostedScreen(rootViewController: view)
    }
}
