import Widgets

/// VIPER's Router (wireframe) of the greeting: the one role that may show other screens, from the
/// view controller it holds weakly (the screen owns its view controller, not its router). The
/// greeting has no route yet — see `GreetingRouting` — so this is the module's empty slot for
/// one, as VIPER module templates generate it; the listings' router shows a route at work.
@MainActor
final class GreetingRouter: GreetingRouting {
    weak var viewController: ViewController?
}
