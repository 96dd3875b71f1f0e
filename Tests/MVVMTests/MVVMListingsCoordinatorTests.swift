import Model
import Networking
import Testing
import TestSupport
import Widgets
@testable import MVVM

/// The coordinator with its navigation stack: the view model asks, the coordinator pushes.
@MainActor
@Suite("MVVM: listings coordinator", .timeLimit(.minutes(1)))
struct MVVMListingsCoordinatorTests {
    func makeCoordinator(_ network: PatternTestNetwork) -> (ListingsCoordinator, ListingsViewModel) {
        let viewModel = ListingsViewModel(
            appState: AppState(), managers: network.environment.makeListManagers(landingPoint: network.landingPoint),
            networkStatus: FakeNetworkStatus(), pictureService: FakePictureService())
        return (ListingsCoordinator(listingsViewModel: viewModel), viewModel)
    }

    @Test("the flow's root is the list, titled Listings")
    func root() throws {
        let (coordinator, _) = makeCoordinator(PatternTestNetwork(for: "MVVM"))
        let root = try #require(coordinator.navigationController.topViewController)
        #expect(root is ListingsViewController)
        #expect(root.title == "Listings")
    }

    @Test("when the list's view model asks for a detail, the coordinator pushes it, titled by the listing")
    func pushesDetail() async throws {
        let network = PatternTestNetwork(for: "MVVM")
        let (coordinator, viewModel) = makeCoordinator(network)
        coordinator.start()
        _ = coordinator.navigationController.view  // loads the list, which loads its first page
        await network.settle()
        network.traced("enter") { viewModel.openRow(0) }
        let stack = coordinator.navigationController.viewControllers
        #expect(stack.count == 2)
        #expect(stack.last is ListingDetailViewController)
        #expect(stack.last?.title == "龙湖天街27号楼")
        #expect(network.traces.events.contains { $0.role == .coordinator && $0.detail.hasPrefix("push detail") })
    }

    @Test("the view model's request closure holds the coordinator weakly: no cycle")
    func noCycle() async throws {
        let network = PatternTestNetwork(for: "MVVM")
        let viewModel: ListingsViewModel
        weak var released: ListingsCoordinator?
        do {
            let (coordinator, made) = makeCoordinator(network)
            coordinator.start()
            released = coordinator
            viewModel = made
        }
        #expect(released == nil)
        viewModel.openRow(0)  // nobody to ask any more: nothing happens
    }
}
