import Model
import Networking
import ModelServices
import Testing
import TestSupport
import Widgets
@testable import VIPER

/// The list's router, checked on a real navigation stack: given only an id, it has the detail
/// module built with the data access the builder gave it, and pushes it.
@MainActor
@Suite("VIPER listings routers", .timeLimit(.minutes(1)))
struct VIPERListingsRouterTests {
    private func makeRouter() async throws -> (ListingsRouter, NavigationController, Listing) {
        let network = TestNetwork().environment
        let managers = network.makeListManagers(landingPoint: network.makeLandingPoint("test"))
        let rent = try #require(managers[.rent])
        rent.loadFirstPage()
        await network.settle()
        let listing = try #require(rent.fetchData(with: ListingReformer())?.first)
        let list = ViewController()
        let navigation = NavigationController(rootViewController: list)
        _ = navigation.view  // on a loaded stack, a push loads the pushed view
        let router = ListingsRouter(
            detailBuilder: ListingDetailBuilder(appState: AppState(), managers: managers, pictureService: FakePictureService()))
        router.viewController = list
        return (router, navigation, listing)
    }

    @Test("the list's router pushes the detail of an id, titled with the listing's name")
    func pushesTheDetailByID() async throws {
        let (router, navigation, listing) = try await makeRouter()
        router.showDetail(of: SelectedListingData(listingID: listing.globalID))
        let detail = try #require(navigation.topViewController as? ListingDetailViewController)
        #expect(navigation.viewControllers.count == 2)
        #expect(detail.title == listing.name)
    }

    @Test("an id the loaded data does not hold pushes the fallback, not a blank screen")
    func pushesTheFallback() async throws {
        let (router, navigation, _) = try await makeRouter()
        router.showDetail(of: SelectedListingData(listingID: "rent:gone"))
        let detail = try #require(navigation.topViewController as? ListingDetailViewController)
        #expect(detail.title == "Listing")
    }
}
