import Model
import Networking
import Testing
@testable import MVP
import TestSupport

/// The greeting presenter with a spy view: every decision of the screen, tested without a
/// terminal, a view controller or a key press. This is what MVP buys.
@MainActor
@Suite("MVP: greeting presenter")
struct MVPGreetingPresenterTests {
    /// Records what the presenter told the view.
    final class SpyGreetingView: GreetingView {
        var names: (first: String, last: String)?
        var greeting: (text: String, isError: Bool)?
        var statuses: [(text: String, isError: Bool)] = []

        func showNames(firstName: String, lastName: String) { names = (firstName, lastName) }
        func showGreeting(_ text: String, isError: Bool) { greeting = (text, isError) }
        func showStatus(_ text: String, isError: Bool) { statuses.append((text, isError)) }
    }

    let view = SpyGreetingView()

    func makePresenter(_ network: PatternTestNetwork, appState: AppState = AppState()) -> GreetingPresenter {
        GreetingPresenter(view: view, appState: appState,
                          personManager: network.environment.makePersonManager(landingPoint: network.landingPoint))
    }

    @Test("appear: shows the model's names, loads the placeholder person, clears the status")
    func loadSuccess() async throws {
        let network = PatternTestNetwork(for: "MVP")
        let appState = AppState()
        let presenter = makePresenter(network, appState: appState)
        presenter.viewWillAppear()
        #expect(view.names?.first == "David")
        #expect(view.statuses.last?.text == "Loading names …")
        await network.settle()
        #expect(view.statuses.last?.text == "")
        #expect(appState.personOrigin == .service)
        #expect(view.names?.last == "Blaine")
    }

    @Test("a known person is not loaded again")
    func knownPerson() async throws {
        let network = PatternTestNetwork(for: "MVP")
        let presenter = makePresenter(network, appState: AppState(personOrigin: .user))
        presenter.viewWillAppear()
        #expect(view.statuses.isEmpty)
        #expect(network.environment.monitor.inFlight == 0)
    }

    @Test("a failed load says why; retry loads again")
    func failureAndRetry() async throws {
        let network = PatternTestNetwork(for: "MVP", offline: true)
        let appState = AppState()
        let presenter = makePresenter(network, appState: appState)
        presenter.viewWillAppear()
        await network.settle()
        #expect(view.statuses.last?.text == "Could not load the names: No network connection. Press r to retry.")
        #expect(view.statuses.last?.isError == true)

        network.environment.scenario?.offline = false
        presenter.didRequestRetry()
        await network.settle()
        #expect(view.statuses.last?.text == "")
        #expect(appState.personOrigin == .service)
    }

    @Test("the greeting is built from the model; empty names get the validation message")
    func greetingAndValidation() throws {
        let network = PatternTestNetwork(for: "MVP")
        let appState = AppState(personOrigin: .user)
        let presenter = makePresenter(network, appState: appState)
        presenter.didTapShowGreeting()
        #expect(view.greeting?.text == "Hello David Blaine")
        #expect(view.greeting?.isError == false)

        presenter.didEditFirstName("   ")
        presenter.didTapShowGreeting()
        #expect(view.greeting?.text == "Please enter a first and a last name.")
        #expect(view.greeting?.isError == true)
    }

    @Test("what the user types wins over a load that lands later")
    func userEditWins() async throws {
        let network = PatternTestNetwork(for: "MVP", latency: .milliseconds(300))
        let appState = AppState()
        let presenter = makePresenter(network, appState: appState)
        presenter.viewWillAppear()
        await network.settle()
        presenter.didEditFirstName("Davidx")
        await network.advance(by: .milliseconds(300))
        #expect(appState.person.firstName == "Davidx")
        #expect(appState.personOrigin == .user)
        #expect(view.statuses.last?.text == "")
    }

    @Test("teardown cancels the load: its reply never reaches the presenter")
    func teardownCancels() async throws {
        let network = PatternTestNetwork(for: "MVP", latency: .milliseconds(300))
        let appState = AppState()
        let presenter = makePresenter(network, appState: appState)
        presenter.viewWillAppear()
        await network.settle()
        network.landingPoint.cancelAll()
        presenter.stopLoading()
        await network.advance(by: .milliseconds(300))
        #expect(network.environment.monitor.inFlight == 0)
        #expect(appState.personOrigin == .placeholder)
        #expect(view.statuses.map(\.text) == ["Loading names …"])
    }

    @Test("the presenter does not keep its view alive (it holds it weakly)")
    func viewIsWeak() throws {
        let network = PatternTestNetwork(for: "MVP")
        var view: SpyGreetingView? = SpyGreetingView()
        weak let weakView = view
        let presenter = GreetingPresenter(view: view!, appState: AppState(),
                                          personManager: network.environment.makePersonManager(landingPoint: network.landingPoint))
        view = nil
        #expect(weakView == nil)
        presenter.didTapShowGreeting()  // talks to nobody, and does not crash
    }
}
