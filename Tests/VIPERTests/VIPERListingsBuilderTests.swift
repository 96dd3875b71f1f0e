import Mediator
import Model
import Networking
import Terminal
import Testing
import TestSupport
import Widgets
@testable import VIPER

/// The list module as assembled: its wiring, its release, and the screen driven by keys through a
/// window (selection, detail and back, source switching).
@MainActor
@Suite("VIPER listings builder", .timeLimit(.minutes(1)))
struct VIPERListingsBuilderTests {
    @Test("a navigation controller around the view; every reference wired, the back ones weak")
    func wiresEveryReference() throws {
        let module = ListingsBuilder.build(ModuleContext(appState: AppState(), network: TestNetwork().environment))
        let navigation = try #require(module.rootViewController as? NavigationController)
        let view = try #require(navigation.topViewController as? ListingsViewController)
        let presenter = try #require(view.eventHandler as? ListingsPresenter)
        let interactor = try #require(presenter.interactor as? ListingsInteractor)
        let router = try #require(presenter.router as? ListingsRouter)
        #expect(view.title == "Listings")
        #expect(presenter.view === view)
        #expect(interactor.output === presenter)
        #expect(router.viewController === view)
    }

    @Test("no cycle: after teardown, with the detail pushed, every part is released")
    func releasesEverything() async throws {
        let network = TestNetwork().environment
        weak var weakNavigation: NavigationController?
        weak var weakPresenter: ListingsPresenter?
        weak var weakInteractor: ListingsInteractor?
        weak var weakDetail: ViewController?
        do {
            let module = ListingsBuilder.build(ModuleContext(appState: AppState(), network: network))
            let window = Window(rootViewController: module.rootViewController)
            window.appear()
            await network.settle()
            window.handleKey(.down)
            window.handleKey(.enter)
            let navigation = try #require(module.rootViewController as? NavigationController)
            let view = try #require(navigation.viewControllers.first as? ListingsViewController)
            weakNavigation = navigation
            weakPresenter = view.eventHandler as? ListingsPresenter
            weakInteractor = weakPresenter?.interactor as? ListingsInteractor
            weakDetail = navigation.topViewController
            #expect(weakDetail is ListingDetailViewController)
            window.handleKey(.character("r"))  // leaves a request in flight for teardown to cancel
            window.disappear()
            module.tearDown()
        }
        await network.settle()
        #expect(weakNavigation == nil)
        #expect(weakPresenter == nil)
        #expect(weakInteractor == nil)
        #expect(weakDetail == nil)
    }

    @Test("keys: ↓ selects and is remembered, Enter pushes the detail, Esc comes back to the same row, → switches source")
    func screenWalkthrough() async throws {
        let network = TestNetwork().environment
        let appState = AppState()
        let module = ListingsBuilder.build(ModuleContext(appState: appState, network: network))
        let navigation = try #require(module.rootViewController as? NavigationController)
        let window = Window(rootViewController: navigation)
        window.appear()
        await network.settle()
        #expect(screenText(window).contains("[Rent]"))

        window.handleKey(.down)
        window.handleKey(.down)
        window.handleKey(.enter)
        let detail = try #require(navigation.topViewController as? ListingDetailViewController)
        #expect(screenText(window).contains("Listings › \(detail.title)"))
        #expect(screenText(window).contains("From the rent API"))
        let selected = try #require(appState.selectedListingID)

        window.handleKey(.escape)
        #expect(navigation.viewControllers.count == 1)
        #expect(screenText(window).contains("▸ \(detail.title)"))

        window.handleKey(.right)
        #expect(appState.listingSource == .newHomes)
        #expect(screenText(window).contains("Loading New homes listings …"))
        await network.settle()
        window.handleKey(.left)
        await network.settle()
        #expect(appState.selectedListingID == selected)
        #expect(screenText(window).contains("▸ \(detail.title)"))
        module.tearDown()
    }

    private func screenText(_ window: Window) -> String {
        let screen = MemoryScreen(size: Size(width: 100, height: 30))
        window.render(in: Canvas(screen: screen, bounds: Rect(origin: .zero, size: screen.size)))
        screen.present()
        return screen.text
    }
}
