import Mediator
import Model
import Testing
import TestSupport
import Widgets
@testable import VIPER

/// The assembly: Orlov's four assignments are in place, the references pointing back are weak,
/// and releasing the screen releases every part.
@MainActor
@Suite("VIPER greeting builder")
struct VIPERGreetingBuilderTests {
    @Test("view → presenter → interactor; presenter.view and interactor.output wired back")
    func wiresEveryReference() throws {
        let module = GreetingBuilder.build(ModuleContext(appState: AppState(), network: TestNetwork().environment))
        let view = try #require(module.rootViewController as? GreetingViewController)
        let presenter = try #require(view.eventHandler as? GreetingPresenter)
        let interactor = try #require(presenter.greetingProvider as? GreetingInteractor)
        #expect(presenter.view === view)
        #expect(interactor.output === presenter)
    }

    @Test("no cycle: releasing the module releases every part")
    func releasesEverything() throws {
        weak var weakView: GreetingViewController?
        weak var weakPresenter: GreetingPresenter?
        weak var weakInteractor: GreetingInteractor?
        do {
            let module = GreetingBuilder.build(ModuleContext(appState: AppState(), network: TestNetwork().environment))
            let window = Window(rootViewController: module.rootViewController)
            window.appear()
            let view = try #require(module.rootViewController as? GreetingViewController)
            let presenter = try #require(view.eventHandler as? GreetingPresenter)
            weakView = view
            weakPresenter = presenter
            weakInteractor = presenter.greetingProvider as? GreetingInteractor
            window.disappear()
            module.tearDown()
        }
        #expect(weakView == nil)
        #expect(weakPresenter == nil)
        #expect(weakInteractor == nil)
    }
}
