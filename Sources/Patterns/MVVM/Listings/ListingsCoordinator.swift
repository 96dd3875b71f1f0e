import Tracing
import Widgets

/// MVVM-C's coordinator for the property list: it owns the navigation controller, makes a view
/// controller for each view model that must show, and pushes it when a view model asks. View
/// models only ask (through the closure it sets); they never see a view controller.
///
/// Who holds whom: the module (`HostedScreen`) keeps the coordinator until teardown; the
/// coordinator owns the navigation controller, which owns the view controllers, which own their
/// view models. The list view model's `showDetail` captures the coordinator weakly — the one
/// arrow pointing back up — so there is no cycle.
@MainActor
final class ListingsCoordinator {
    /// Strong: the coordinator owns the stack it navigates.
    let navigationController: NavigationController
    private let listingsViewModel: ListingsViewModel

    /// Makes the flow's root: the list's view controller over `listingsViewModel`, in a navigation controller.
    init(listingsViewModel: ListingsViewModel) {
        self.listingsViewModel = listingsViewModel
        navigationController = NavigationController(rootViewController: ListingsViewController(viewModel: listingsViewModel))
    }

    /// Starts the flow: from now on the list's view model asks this coordinator for the detail.
    func start() {
        @Traced(.coordinator, self, "root: list; listen for detail requests") var call
        listingsViewModel.showDetail = { [weak self] detail in self?.showDetail(detail) }
    }

    /// Ends the flow on teardown: no request reaches this coordinator any more.
    func stop() {
        @Traced(.coordinator, self, "stop listening") var call
        listingsViewModel.showDetail = nil
    }

    /// Pushes the detail screen for `viewModel` (title: the listing's name).
    func showDetail(_ viewModel: ListingDetailViewModel) {
        @Traced(.coordinator, self, "push detail: \(viewModel.title)") var call
        navigationController.pushViewController(ListingDetailViewController(viewModel: viewModel))
    }
}
