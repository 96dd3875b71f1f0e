import Model
import Networking
import Testing
@testable import MVVM
import TestSupport

/// The greeting's view model with no view at all: call its inputs, read its outputs. No spy is
/// needed — the outputs are the view model's state, and a recorder binds to them as a view would.
@MainActor
@Suite("MVVM: greeting view model")
struct MVVMGreetingViewModelTests {
    func makeViewModel(_ network: PatternTestNetwork, appState: AppState = AppState()) -> GreetingViewModel {
        GreetingViewModel(
            appState: appState, personManager: network.environment.makePersonManager(landingPoint: network.landingPoint))
    }

    @Test("appear: publishes the model's names, loads the placeholder person, clears the status")
    func loadSuccess() async throws {
        let network = PatternTestNetwork(for: "MVVM", latency: .milliseconds(300))
        let appState = AppState()
        let viewModel = makeViewModel(network, appState: appState)
        let status = MVVMRecorder(viewModel.status)
        viewModel.viewWillAppear()
        #expect(viewModel.firstName.value == "David")
        #expect(status.last == DisplayText("Loading names …"))
        await network.settle()  // the load's task sends the request
        await network.advance(by: .milliseconds(300))
        #expect(status.values.map(\.text) == ["", "Loading names …", ""])
        #expect(appState.personOrigin == .service)
        #expect(viewModel.firstName.value == appState.person.firstName)
        #expect(viewModel.lastName.value == appState.person.lastName)
    }

    @Test("a known person is not loaded again")
    func knownPerson() async throws {
        let network = PatternTestNetwork(for: "MVVM")
        let viewModel = makeViewModel(network, appState: AppState(personOrigin: .user))
        viewModel.viewWillAppear()
        #expect(viewModel.status.value == .empty)
        #expect(network.environment.monitor.inFlight == 0)
    }

    @Test("a failed load says why, as an error; retry loads again")
    func failureAndRetry() async throws {
        let network = PatternTestNetwork(for: "MVVM", offline: true)
        let appState = AppState()
        let viewModel = makeViewModel(network, appState: appState)
        viewModel.viewWillAppear()
        await network.settle()
        #expect(viewModel.status.value == DisplayText(
            "Could not load the names: No network connection. Press r to retry.", isError: true))
        #expect(viewModel.canRetry)

        network.environment.scenario?.offline = false
        viewModel.retry()
        #expect(viewModel.status.value == DisplayText("Loading names …"))
        await network.settle()
        #expect(viewModel.status.value == .empty)
        #expect(!viewModel.canRetry)
        #expect(appState.personOrigin == .service)
    }

    @Test("the button greets the shared person, trimmed")
    func greeting() throws {
        let viewModel = makeViewModel(PatternTestNetwork(for: "MVVM"), appState: AppState(personOrigin: .user))
        viewModel.update(firstName: " Ada ")
        viewModel.update(lastName: "Lovelace")
        viewModel.showGreeting()
        #expect(viewModel.greeting.value == DisplayText("Hello Ada Lovelace"))
    }

    @Test("an empty name (after trimming) shows the validation message as an error")
    func validation() throws {
        let viewModel = makeViewModel(PatternTestNetwork(for: "MVVM"), appState: AppState(personOrigin: .user))
        viewModel.update(firstName: "   ")
        viewModel.showGreeting()
        #expect(viewModel.greeting.value == DisplayText("Please enter a first and a last name.", isError: true))
    }

    @Test("every edit writes the shared person at once, as typed by the user")
    func editWritesModel() throws {
        let appState = AppState()
        let viewModel = makeViewModel(PatternTestNetwork(for: "MVVM"), appState: appState)
        viewModel.update(lastName: "Blainey")
        #expect(appState.person.lastName == "Blainey")
        #expect(appState.personOrigin == .user)
        #expect(viewModel.lastName.value == "Blainey")
    }

    @Test("what the user types wins over a load that lands later")
    func userEditWins() async throws {
        let network = PatternTestNetwork(for: "MVVM", latency: .milliseconds(300))
        let appState = AppState()
        let viewModel = makeViewModel(network, appState: appState)
        viewModel.viewWillAppear()
        await network.settle()
        viewModel.update(firstName: "Davidx")
        await network.advance(by: .milliseconds(300))
        #expect(appState.person.firstName == "Davidx")
        #expect(appState.personOrigin == .user)
        #expect(viewModel.firstName.value == "Davidx")
        #expect(viewModel.status.value == .empty)
    }

    @Test("teardown cancels the load: its reply never reaches the view model")
    func teardownCancels() async throws {
        let network = PatternTestNetwork(for: "MVVM", latency: .milliseconds(300))
        let appState = AppState()
        let viewModel = makeViewModel(network, appState: appState)
        viewModel.viewWillAppear()
        await network.settle()
        #expect(network.environment.monitor.inFlight == 1)
        network.landingPoint.cancelAll()
        viewModel.cancelLoading()
        await network.advance(by: .milliseconds(300))
        #expect(network.environment.monitor.inFlight == 0)
        #expect(appState.personOrigin == .placeholder)
        #expect(viewModel.status.value == DisplayText("Loading names …"))  // nobody is told anything more
    }
}
