import Clocks
import Model
import Networking
import Testing
@testable import VIPER
import TestSupport

/// The interactor alone: the real person API on the fake network, the shared state, and a spy
/// output. No view and no presenter: the business rules are tested where they live.
@MainActor
@Suite("VIPER greeting interactor")
struct VIPERGreetingInteractorTests {
    private let output = OutputSpy()

    private func makeInteractor(_ network: NetworkEnvironment, _ appState: AppState) -> (GreetingInteractor, LandingPoint) {
        let landingPoint = network.makeLandingPoint("test")
        let interactor = GreetingInteractor(appState: appState, personManager: network.makePersonManager(landingPoint: landingPoint))
        interactor.output = output
        return (interactor, landingPoint)
    }

    @Test("the placeholder person is loaded through the person API and replaces the shared one")
    func loadsPlaceholder() async {
        let network = TestNetwork().environment
        let appState = AppState()
        let (interactor, _) = makeInteractor(network, appState)
        interactor.provideNames()
        await network.settle()
        #expect(output.calls == ["names David Blaine", "loading", "loaded", "names David Blaine"])
        #expect(appState.personOrigin == .service)
    }

    @Test("known names are not loaded again", arguments: [PersonOrigin.service, .user])
    func knownNamesNotLoaded(origin: PersonOrigin) async {
        let network = TestNetwork().environment
        let appState = AppState(person: Person(id: "liu-qian", firstName: "谦", lastName: "刘"), personOrigin: origin)
        let (interactor, _) = makeInteractor(network, appState)
        interactor.provideNames()
        await network.settle()
        #expect(output.calls == ["names 谦 刘"])
    }

    @Test("a failed load is reported; reloading loads again")
    func failureAndReload() async {
        let network = TestNetwork(offline: true).environment
        let appState = AppState()
        let (interactor, _) = makeInteractor(network, appState)
        interactor.provideNames()
        await network.settle()
        #expect(output.calls.last == "failed no network")

        network.scenario?.offline = false
        interactor.reloadNames()
        await network.settle()
        #expect(output.calls.suffix(3) == ["loading", "loaded", "names David Blaine"])
        #expect(appState.personOrigin == .service)
    }

    @Test("validation: both names, trimmed, or no greeting")
    func validation() {
        let appState = AppState(person: Person(id: "x", firstName: "  David ", lastName: "Blaine"), personOrigin: .user)
        let (interactor, _) = makeInteractor(TestNetwork().environment, appState)
        interactor.provideGreeting()
        #expect(output.greetings == [GreetingData(greeting: "Hello", subject: "David Blaine")])

        interactor.updateLastName("   ")
        interactor.provideGreeting()
        #expect(output.calls.last == "rejected")
    }

    @Test("what the user types wins over a load that lands later")
    func userEditWins() async {
        let clock = TestClock<Duration>()
        let network = TestNetwork(latency: .milliseconds(300), clock: clock).environment
        let appState = AppState()
        let (interactor, _) = makeInteractor(network, appState)
        interactor.provideNames()
        interactor.updateFirstName("Davidx")
        await network.settle()
        await clock.advance(by: .milliseconds(300))
        await network.settle()
        #expect(output.calls == ["names David Blaine", "loading", "loaded"])
        #expect(appState.person.firstName == "Davidx")
        #expect(appState.personOrigin == .user)
    }

    @Test("teardown cancels the load; its reply never reaches the interactor")
    func teardownCancels() async {
        let clock = TestClock<Duration>()
        let network = TestNetwork(latency: .milliseconds(300), clock: clock).environment
        let appState = AppState()
        let (interactor, landingPoint) = makeInteractor(network, appState)
        interactor.provideNames()
        landingPoint.cancelAll()
        await clock.advance(by: .milliseconds(300))
        await network.settle()
        #expect(output.calls == ["names David Blaine", "loading"])
        #expect(network.monitor.inFlight == 0)
        #expect(appState.personOrigin == .placeholder)
    }
}

@MainActor
private final class OutputSpy: GreetingInteractorOutput {
    var calls: [String] = []
    var greetings: [GreetingData] = []

    func didProvideNames(firstName: String, lastName: String) { calls.append("names \(firstName) \(lastName)") }
    func didStartLoadingNames() { calls.append("loading") }
    func didFinishLoadingNames() { calls.append("loaded") }
    func didFailToLoadNames(_ error: APIError) { calls.append("failed \(error.shortName)") }
    func didProvideGreeting(_ greeting: GreetingData) { greetings.append(greeting) }
    func didRejectNames() { calls.append("rejected") }
}
