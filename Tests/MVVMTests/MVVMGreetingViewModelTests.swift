import Model
import Networking
import Reformers
import TestSupport
import Testing
@testable import MVVM

/// The greeting's view model with no view at all and a fake person service: call its inputs, read
/// its outputs. No spy is needed — the outputs are the view model's state, and a recorder binds to
/// them as a view would.
@MainActor
@Suite("MVVM: greeting view model", .timeLimit(.minutes(1)))
struct MVVMGreetingViewModelTests {
    static let liuQian = Person(id: "david-blaine", firstName: "谦", lastName: "刘")
    static let offline = LoadFailure.failed(userMessage: "No network connection.", shortName: "no network")

    private let service = FakePersonService()
    /// The network layer's notifier itself: the view model observes it through a real status.
    private let notifier = NetworkTypeNotifier()

    func makeViewModel(appState: AppState = AppState()) -> GreetingViewModel {
        GreetingViewModel(appState: appState, personService: service, networkStatus: NotifierNetworkStatus(notifier: notifier))
    }

    @Test("appear: publishes the model's names, loads the placeholder person, clears the status")
    func loadSuccess() async throws {
        let appState = AppState()
        let viewModel = makeViewModel(appState: appState)
        let status = MVVMRecorder(viewModel.status)
        viewModel.viewWillAppear()
        #expect(viewModel.firstName.value == "David")
        #expect(status.last == DisplayText("Loading names …"))
        #expect(service.requestedIDs == ["david-blaine"])

        service.reply(.success(Self.liuQian))
        await viewModel.loadTask?.value
        #expect(status.values.map(\.text) == ["", "Loading names …", ""])
        #expect(appState.person == Self.liuQian)
        #expect(appState.personOrigin == .service)
        #expect(viewModel.firstName.value == "谦")
        #expect(viewModel.lastName.value == "刘")
    }

    @Test("a known person is not loaded again")
    func knownPerson() throws {
        let viewModel = makeViewModel(appState: AppState(personOrigin: .user))
        viewModel.viewWillAppear()
        #expect(viewModel.status.value == .empty)
        #expect(service.requestedIDs.isEmpty)
    }

    @Test("a failed load says why, as an error; then a retry is allowed and loads again")
    func failureAllowsRetry() async throws {
        let appState = AppState()
        let viewModel = makeViewModel(appState: appState)
        viewModel.viewWillAppear()
        service.reply(.failure(Self.offline))
        await viewModel.loadTask?.value
        #expect(viewModel.status.value == DisplayText(
            "Could not load the names: No network connection. Press r to retry.", isError: true))

        viewModel.retry()
        #expect(service.requestedIDs.count == 2)
        #expect(viewModel.status.value == DisplayText("Loading names …"))
        service.reply(.success(Self.liuQian))
        await viewModel.loadTask?.value
        #expect(viewModel.status.value == .empty)
        #expect(appState.personOrigin == .service)
    }

    @Test("a retry while a load is in flight is ignored, before and after a failure")
    func retryInFlightIgnored() async throws {
        let viewModel = makeViewModel()
        let status = MVVMRecorder(viewModel.status)
        viewModel.viewWillAppear()
        viewModel.retry()  // the first load is in flight
        #expect(service.requestedIDs.count == 1)

        service.reply(.failure(Self.offline))
        await viewModel.loadTask?.value
        viewModel.retry()
        viewModel.retry()  // the retry is in flight
        #expect(service.requestedIDs.count == 2)
        #expect(status.values.map(\.text).filter { $0 == "Loading names …" }.count == 2)
    }

    @Test("the button greets the shared person, trimmed")
    func greeting() throws {
        let viewModel = makeViewModel(appState: AppState(personOrigin: .user))
        viewModel.update(firstName: " Ada ")
        viewModel.update(lastName: "Lovelace")
        viewModel.showGreeting()
        #expect(viewModel.greeting.value == DisplayText("Hello Ada Lovelace"))
    }

    @Test("an empty name (after trimming) shows the validation message as an error")
    func validation() throws {
        let viewModel = makeViewModel(appState: AppState(personOrigin: .user))
        viewModel.update(firstName: "   ")
        viewModel.showGreeting()
        #expect(viewModel.greeting.value == DisplayText("Please enter a first and a last name.", isError: true))
    }

    @Test("every edit writes the shared person at once, as typed by the user")
    func editWritesModel() throws {
        let appState = AppState()
        let viewModel = makeViewModel(appState: appState)
        viewModel.update(lastName: "Blainey")
        #expect(appState.person.lastName == "Blainey")
        #expect(appState.personOrigin == .user)
        #expect(viewModel.lastName.value == "Blainey")
    }

    @Test("what the user types wins over a load that lands later")
    func userEditWins() async throws {
        let appState = AppState()
        let viewModel = makeViewModel(appState: appState)
        viewModel.viewWillAppear()
        viewModel.update(firstName: "Davidx")
        service.reply(.success(Self.liuQian))
        await viewModel.loadTask?.value
        #expect(appState.person.firstName == "Davidx")
        #expect(appState.personOrigin == .user)
        #expect(viewModel.firstName.value == "Davidx")
        #expect(viewModel.status.value == .empty)
    }

    @Test("teardown cancels the load: nothing reaches the outputs or the model afterwards")
    func teardownCancels() async throws {
        let appState = AppState()
        let viewModel = makeViewModel(appState: appState)
        let status = MVVMRecorder(viewModel.status)
        viewModel.viewWillAppear()
        viewModel.cancelLoading()
        try #require(service.cancelCount == 1)
        await viewModel.loadTask?.value  // the cancelled load has ended
        #expect(appState.personOrigin == .placeholder)
        #expect(status.values.map(\.text) == ["", "Loading names …"])
        viewModel.retry()  // a cancelled load is not a failed one
        #expect(service.requestedIDs.count == 1)
    }

    // MARK: - The network type (the one notification)

    @Test("a network type change reaches the view model once: its banner output changes")
    func networkTypeBanner() {
        let viewModel = makeViewModel(appState: AppState(personOrigin: .user))
        let banner = MVVMRecorder(viewModel.networkBanner)
        notifier.post(.cellular2G)
        notifier.post(.offline)
        #expect(banner.values == ["", "On 2G — pictures off, loads take seconds and may time out",
                                  "Offline — will retry when the network is back"])
    }

    @Test("when the network is back, a failed load is retried")
    func networkBackRetries() async {
        let viewModel = makeViewModel()
        viewModel.viewWillAppear()
        service.reply(.failure(Self.offline))
        await viewModel.loadTask?.value
        notifier.post(.offline)
        #expect(service.requestedIDs.count == 1)
        notifier.post(.cellular2G)
        #expect(service.requestedIDs.count == 2)
        #expect(viewModel.status.value == DisplayText("Loading names …"))
    }

    @Test("after teardown the view model hears no change, and the notifier keeps no observer")
    func noDeliveryAfterTeardown() {
        let viewModel = makeViewModel(appState: AppState(personOrigin: .user))
        let banner = MVVMRecorder(viewModel.networkBanner)
        #expect(notifier.observerCount == 1)
        viewModel.cancelLoading()
        #expect(notifier.observerCount == 0)
        notifier.post(.cellular3G)
        #expect(banner.values == [""])
    }

    @Test("a released view model is not kept alive by having observed")
    func releasedViewModel() {
        var viewModel: GreetingViewModel? = makeViewModel(appState: AppState(personOrigin: .user))
        weak let weakViewModel = viewModel
        viewModel = nil
        #expect(weakViewModel == nil)
        #expect(notifier.observerCount == 0)
        notifier.post(.cellular2G)  // reaches nobody, and does not crash
    }
}
