import Model
import Networking
import Reformers
import Testing
import TestSupport
import Widgets
@testable import VIPER

/// The routers, checked on a real navigation stack: the list's router builds the detail module and
/// pushes it; the detail's router pops it.
@MainActor
@Suite("VIPER listings routers")
struct VIPERListingsRouterTests {
    @Test("the list's router pushes the detail module, titled with the listing's name; the detail's pops it")
    func pushesAndPops() async throws {
        let network = TestNetwork().environment
        let manager = network.makeRentListManager(landingPoint: network.makeLandingPoint("test"))
        _ = try await manager.firstPage()
        let listing = try #require(manager.fetchData(reformer: PropertyListReformer())?.first)
        let list = ViewController()
        let navigation = NavigationController(rootViewController: list)
        _ = navigation.view  // on a loaded stack, a push loads the pushed view
        let router = ListingsRouter()
        router.viewController = list

        router.showDetail(of: SelectedListingData(listingID: listing.id, name: listing.name, manager: manager))
        let detail = try #require(navigation.topViewController as? ListingDetailViewController)
        #expect(navigation.viewControllers.count == 2)
        #expect(detail.title == listing.name)

        let detailRouter = try #require((detail.eventHandler as? ListingDetailPresenter)?.router as? ListingDetailRouter)
        detailRouter.closeDetail()
        #expect(navigation.viewControllers.count == 1)
    }
}
