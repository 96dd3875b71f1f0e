import Mediator
import Model
import Testing
import TestSupport
import Widgets
@testable import VIPER

/// The assembly: every reference Orlov's wiring names is in place, the ones pointing back are weak,
/// and releasing the screen releases every part.
@MainActor
@Suite("VIPER greeting builder")
struct VIPERGreetingBuilderTests {
    @Test("view → presenter → interactor and router; presenter, view and output wired back")
    func wiresEveryReference() throws {
        let module = GreetingBuilder.build(ModuleContext(appState: AppState(), network: TestNetwork().environment))
        let view = try #require(module.rootViewController as? GreetingViewController)
        let presenter = try #require(view.eventHandler as? GreetingPresenter)
        let interactor = try #require(presenter.interactor as? GreetingInteractor)
        let router = try #require(presenter.router as? GreetingRouter)
        #expect(presenter.view === view)
        #expect(interactor.output === presenter)
        #expect(router.viewController === view)
    }

    @Test("no cycle: tearing down and releasing the module releases every part")
    func releasesEverything() async throws {
        let network = TestNetwork().environment
        weak var weakView: GreetingViewController?
        weak var weakPresenter: GreetingPresenter?
        weak var weakInteractor: GreetingInteractor?
        weak var weakRouter: GreetingRouter?
        do {
            let module = GreetingBuilder.build(ModuleContext(appState: AppState(), network: network))
            let window = Window(rootViewController: module.rootViewController)
            window.appear()  // starts the person load
            let view = try #require(module.rootViewController as? GreetingViewController)
            let presenter = try #require(view.eventHandler as? GreetingPresenter)
            weakView = view
            weakPresenter = presenter
            weakInteractor = presenter.interactor as? GreetingInteractor
            weakRouter = presenter.router as? GreetingRouter
            window.disappear()
            module.tearDown()
        }
        await network.settle()
        #expect(weakView == nil)
        #expect(weakPresenter == nil)
        #expect(weakInteractor == nil)
        #expect(weakRouter == nil)
    }
}
