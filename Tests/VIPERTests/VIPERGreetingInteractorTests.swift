import Model
import Networking
import Reformers
import TestSupport
import Testing
@testable import VIPER

/// The interactor alone: a fake person service, the shared state, and a spy output. No view, no
/// presenter, no network: the business rules are tested where they live.
@MainActor
@Suite("VIPER greeting interactor", .timeLimit(.minutes(1)))
struct VIPERGreetingInteractorTests {
    static let liuQian = Person(id: "david-blaine", firstName: "谦", lastName: "刘")
    static let offline = LoadFailure.failed(userMessage: "No network connection.", shortName: "no network")

    private let output = OutputSpy()
    private let service = FakePersonService()
    private let network = FakeNetworkStatus()

    private func makeInteractor(_ appState: AppState = AppState()) -> GreetingInteractor {
        let interactor = GreetingInteractor(appState: appState, personService: service, networkStatus: network)
        interactor.output = output
        return interactor
    }

    @Test("the placeholder person is loaded through the person service and replaces the shared one")
    func loadsPlaceholder() async {
        let appState = AppState()
        let interactor = makeInteractor(appState)
        interactor.provideNames()
        #expect(output.calls == ["names David Blaine", "loading"])
        #expect(service.requestedIDs == ["david-blaine"])

        service.reply(.success(Self.liuQian))
        await interactor.loadTask?.value
        #expect(output.calls == ["names David Blaine", "loading", "loaded", "names 谦 刘"])
        #expect(appState.person == Self.liuQian)
        #expect(appState.personOrigin == .service)
    }

    @Test("known names are not loaded again", arguments: [PersonOrigin.service, .user])
    func knownNamesNotLoaded(origin: PersonOrigin) {
        let appState = AppState(person: Self.liuQian, personOrigin: origin)
        let interactor = makeInteractor(appState)
        interactor.provideNames()
        #expect(output.calls == ["names 谦 刘"])
        #expect(service.requestedIDs.isEmpty)
    }

    @Test("a failed load is reported as plain data; then a reload is allowed and loads again")
    func failureAllowsReload() async {
        let appState = AppState()
        let interactor = makeInteractor(appState)
        interactor.provideNames()
        service.reply(.failure(Self.offline))
        await interactor.loadTask?.value
        #expect(output.calls.last == "failed No network connection.")

        interactor.reloadNames()
        #expect(service.requestedIDs.count == 2)
        #expect(output.calls.last == "loading")
        service.reply(.success(Self.liuQian))
        await interactor.loadTask?.value
        #expect(output.calls.suffix(2) == ["loaded", "names 谦 刘"])
        #expect(appState.personOrigin == .service)
    }

    @Test("a reload while a load is in flight is ignored, before and after a failure")
    func reloadInFlightIgnored() async {
        let interactor = makeInteractor()
        interactor.provideNames()
        interactor.reloadNames()  // the first load is in flight
        #expect(service.requestedIDs.count == 1)

        service.reply(.failure(Self.offline))
        await interactor.loadTask?.value
        interactor.reloadNames()
        interactor.reloadNames()  // the reload is in flight
        #expect(service.requestedIDs.count == 2)
        #expect(output.calls.filter { $0 == "loading" }.count == 2)
    }

    @Test("validation: both names, trimmed, or no greeting")
    func validation() {
        let appState = AppState(person: Person(id: "x", firstName: "  David ", lastName: "Blaine"), personOrigin: .user)
        let interactor = makeInteractor(appState)
        interactor.provideGreeting()
        #expect(output.greetings == [GreetingData(greeting: "Hello", subject: "David Blaine")])

        interactor.updateLastName("   ")
        interactor.provideGreeting()
        #expect(output.calls.last == "rejected")
    }

    @Test("what the user types wins over a load that lands later")
    func userEditWins() async {
        let appState = AppState()
        let interactor = makeInteractor(appState)
        interactor.provideNames()
        interactor.updateFirstName("Davidx")
        service.reply(.success(Self.liuQian))
        await interactor.loadTask?.value
        #expect(output.calls == ["names David Blaine", "loading", "loaded"])
        #expect(appState.person.firstName == "Davidx")
        #expect(appState.personOrigin == .user)
    }

    @Test("teardown cancels the load: nothing reaches the output or the model afterwards")
    func teardownCancels() async throws {
        let appState = AppState()
        let interactor = makeInteractor(appState)
        interactor.provideNames()
        interactor.cancelLoading()
        try #require(service.cancelCount == 1)
        await interactor.loadTask?.value  // the cancelled load has ended
        #expect(output.calls == ["names David Blaine", "loading"])
        #expect(appState.personOrigin == .placeholder)
        interactor.reloadNames()  // a cancelled load is not a failed one
        #expect(service.requestedIDs.count == 1)
    }
}

extension VIPERGreetingInteractorTests {
    @Test("the interactor catches the network type's change and tells its output, once each")
    func networkTypeToOutput() {
        let interactor = makeInteractor(AppState(personOrigin: .user))
        interactor.provideNames()
        #expect(output.networkTypes == [.wifi])
        network.send(.cellular2G)
        network.send(.offline)
        #expect(output.networkTypes == [.wifi, .cellular2G, .offline])
    }

    @Test("the network back after offline retries a failed load; no failure, no retry")
    func networkBackRetries() async {
        let interactor = makeInteractor()
        interactor.provideNames()
        service.reply(.failure(Self.offline))
        await interactor.loadTask?.value
        network.send(.offline)
        #expect(service.requestedIDs.count == 1)
        network.send(.wifi)
        #expect(service.requestedIDs.count == 2)
        service.reply(.success(Self.liuQian))
        await interactor.loadTask?.value
        network.send(.offline)
        network.send(.cellular4G)
        #expect(service.requestedIDs.count == 2)
    }

    @Test("teardown stops observing: a later change reaches neither interactor nor output")
    func noDeliveryAfterTeardown() {
        let interactor = makeInteractor(AppState(personOrigin: .user))
        interactor.provideNames()
        interactor.cancelLoading()
        #expect(network.stopCount == 1)
        #expect(!network.isObserved)
        network.send(.cellular3G)
        #expect(output.networkTypes == [.wifi])
    }
}

@MainActor
private final class OutputSpy: GreetingInteractorOutput {
    var calls: [String] = []
    var greetings: [GreetingData] = []

    func didProvideNames(firstName: String, lastName: String) { calls.append("names \(firstName) \(lastName)") }
    func didStartLoadingNames() { calls.append("loading") }
    func didFinishLoadingNames() { calls.append("loaded") }
    func didFailToLoadNames(reason: String) { calls.append("failed \(reason)") }
    func didProvideGreeting(_ greeting: GreetingData) { greetings.append(greeting) }
    func didRejectNames() { calls.append("rejected") }
    /// Apart from `calls`: the loading tests above read those in order.
    var networkTypes: [NetworkType] = []
    func didProvideNetworkType(_ networkType: NetworkType) { networkTypes.append(networkType) }
}
