import Tracing
import Widgets

/// VIPER's Router of the listing detail: every module has one, holding its view controller weakly
/// to navigate from it. The detail has no route of its own: going back is the navigation
/// controller's (Esc, Backspace), as in the other patterns.
@MainActor
final class ListingDetailRouter: ListingDetailRouting {
    weak var viewController: ViewController?
}
