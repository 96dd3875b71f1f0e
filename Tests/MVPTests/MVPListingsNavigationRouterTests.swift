import Model
import Networking
import ModelServices
import Testing
import TestSupport
import Widgets
@testable import MVP

/// The router over a real navigation controller: navigation is its job, checked on the stack.
@MainActor
@Suite("MVP: listings router", .timeLimit(.minutes(1)))
struct MVPListingsNavigationRouterTests {
    @Test("showDetail builds the detail module and pushes it; the trace shows the router")
    func pushesTheDetail() async throws {
        let network = PatternTestNetwork(for: "MVP")
        let manager = network.environment.makeListManager(for: ListingKind.rent, landingPoint: network.landingPoint)
        manager.loadFirstPage()
        await network.settle()
        let listing = try #require(manager.fetchData(with: ListingReformer())?.first)
        let navigationController = NavigationController(rootViewController: ViewController())
        let router = ListingsNavigationRouter(navigationController: navigationController, pictureService: FakePictureService())

        network.traced("Enter") { router.showDetail(ofListingID: listing.globalID, in: manager) }

        #expect(navigationController.viewControllers.count == 2)
        let detail = try #require(navigationController.topViewController as? ListingDetailViewController)
        _ = detail.view  // loading the view fills it through its presenter
        #expect(detail.title == listing.name)
        #expect(network.traces.events.contains { $0.role == .router })
    }

    @Test("the router does not keep the navigation controller alive (it holds it weakly)")
    func navigationIsWeak() throws {
        var navigationController: NavigationController? = NavigationController(rootViewController: ViewController())
        weak let weakNavigation = navigationController
        let router = ListingsNavigationRouter(navigationController: navigationController!, pictureService: FakePictureService())
        navigationController = nil
        #expect(weakNavigation == nil)
        _ = router
    }
}
