import Tracing
import Widgets

/// VIPER's Router of the listing detail: goes back by popping the navigation stack of the view
/// controller it holds weakly.
@MainActor
final class ListingDetailRouter: ListingDetailRouting {
    weak var viewController: ViewController?

    func closeDetail() {
        trace(.router, self, "pop")
        viewController?.navigationController?.popViewController()
    }
}
