import Model
import Networking
import Reformers
import TestSupport
import Testing
@testable import MVP

/// The greeting presenter with a spy view and a fake person service: every decision of the
/// screen, tested without a terminal, a view controller, a network or a key press. This is what
/// MVP buys.
@MainActor
@Suite("MVP: greeting presenter", .timeLimit(.minutes(1)))
struct MVPGreetingPresenterTests {
    /// Records what the presenter told the view.
    final class SpyGreetingView: GreetingView {
        var names: (first: String, last: String)?
        var greeting: (text: String, isError: Bool)?
        var statuses: [(text: String, isError: Bool)] = []
        var banners: [String] = []

        func showNames(firstName: String, lastName: String) { names = (firstName, lastName) }
        func showGreeting(_ text: String, isError: Bool) { greeting = (text, isError) }
        func showStatus(_ text: String, isError: Bool) { statuses.append((text, isError)) }
        func showNetworkBanner(_ text: String) { banners.append(text) }
    }

    static let liuQian = Person(id: "david-blaine", firstName: "谦", lastName: "刘")
    static let offline = LoadFailure.failed(userMessage: "No network connection.", shortName: "no network")

    let view = SpyGreetingView()
    private let service = FakePersonService()
    /// The network layer's notifier itself: the presenter observes it through a real status.
    private let notifier = NetworkTypeNotifier()

    func makePresenter(appState: AppState = AppState()) -> GreetingPresenter {
        GreetingPresenter(
            view: view, appState: appState, personService: service,
            networkStatus: NotifierNetworkStatus(notifier: notifier))
    }

    @Test("appear: shows the model's names, loads the placeholder person, clears the status")
    func loadSuccess() async throws {
        let appState = AppState()
        let presenter = makePresenter(appState: appState)
        presenter.viewWillAppear()
        #expect(view.names?.first == "David")
        #expect(view.statuses.last?.text == "Loading names …")
        #expect(service.requestedIDs == ["david-blaine"])

        service.reply(.success(Self.liuQian))
        await presenter.loadTask?.value
        #expect(view.statuses.map(\.text) == ["Loading names …", ""])
        #expect(appState.person == Self.liuQian)
        #expect(appState.personOrigin == .service)
        #expect(view.names?.first == "谦")
    }

    @Test("a known person is not loaded again")
    func knownPerson() throws {
        let presenter = makePresenter(appState: AppState(personOrigin: .user))
        presenter.viewWillAppear()
        #expect(view.statuses.isEmpty)
        #expect(service.requestedIDs.isEmpty)
    }

    @Test("a failed load says why; then a retry is allowed and loads again")
    func failureAllowsRetry() async throws {
        let appState = AppState()
        let presenter = makePresenter(appState: appState)
        presenter.viewWillAppear()
        service.reply(.failure(Self.offline))
        await presenter.loadTask?.value
        #expect(view.statuses.last?.text == "Could not load the names: No network connection. Press r to retry.")
        #expect(view.statuses.last?.isError == true)

        presenter.didRequestRetry()
        #expect(service.requestedIDs.count == 2)
        #expect(view.statuses.last?.text == "Loading names …")
        service.reply(.success(Self.liuQian))
        await presenter.loadTask?.value
        #expect(view.statuses.last?.text == "")
        #expect(appState.personOrigin == .service)
    }

    @Test("a retry while a load is in flight is ignored, before and after a failure")
    func retryInFlightIgnored() async throws {
        let presenter = makePresenter()
        presenter.viewWillAppear()
        presenter.didRequestRetry()  // the first load is in flight
        #expect(service.requestedIDs.count == 1)

        service.reply(.failure(Self.offline))
        await presenter.loadTask?.value
        presenter.didRequestRetry()
        presenter.didRequestRetry()  // the retry is in flight
        #expect(service.requestedIDs.count == 2)
        #expect(view.statuses.map(\.text).filter { $0 == "Loading names …" }.count == 2)
    }

    @Test("the greeting is built from the model; empty names get the validation message")
    func greetingAndValidation() throws {
        let presenter = makePresenter(appState: AppState(personOrigin: .user))
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
        let appState = AppState()
        let presenter = makePresenter(appState: appState)
        presenter.viewWillAppear()
        presenter.didEditFirstName("Davidx")
        service.reply(.success(Self.liuQian))
        await presenter.loadTask?.value
        #expect(appState.person.firstName == "Davidx")
        #expect(appState.personOrigin == .user)
        #expect(view.names?.first == "David")
        #expect(view.statuses.last?.text == "")
    }

    @Test("teardown cancels the load: nothing reaches the view or the model afterwards")
    func teardownCancels() async throws {
        let appState = AppState()
        let presenter = makePresenter(appState: appState)
        presenter.viewWillAppear()
        presenter.cancelLoading()
        try #require(service.cancelCount == 1)
        await presenter.loadTask?.value  // the cancelled load has ended
        #expect(appState.personOrigin == .placeholder)
        #expect(view.statuses.map(\.text) == ["Loading names …"])
        presenter.didRequestRetry()  // a cancelled load is not a failed one
        #expect(service.requestedIDs.count == 1)
    }

    @Test("the presenter does not keep its view alive (it holds it weakly)")
    func viewIsWeak() throws {
        var view: SpyGreetingView? = SpyGreetingView()
        weak let weakView = view
        let presenter = GreetingPresenter(
            view: view!, appState: AppState(), personService: service, networkStatus: FakeNetworkStatus())
        view = nil
        #expect(weakView == nil)
        presenter.didTapShowGreeting()  // talks to nobody, and does not crash
    }

    // MARK: - The network type (the one notification)

    @Test("a network type change reaches the presenter once: the view shows its banner")
    func networkTypeBanner() throws {
        let presenter = makePresenter(appState: AppState(personOrigin: .user))
        presenter.viewWillAppear()
        #expect(view.banners == [""])
        notifier.post(.cellular2G)
        #expect(view.banners == ["", "On 2G — pictures off, loads take seconds and may time out"])
        notifier.post(.offline)
        #expect(view.banners.last == "Offline — will retry when the network is back")
        #expect(view.banners.count == 3)
    }

    @Test("when the network is back, a failed load is retried; a change while online retries nothing")
    func networkBackRetries() async throws {
        let presenter = makePresenter()
        presenter.viewWillAppear()
        service.reply(.failure(Self.offline))
        await presenter.loadTask?.value
        notifier.post(.offline)
        #expect(service.requestedIDs.count == 1)
        notifier.post(.cellular3G)
        #expect(service.requestedIDs.count == 2)
        #expect(view.statuses.last?.text == "Loading names …")
        notifier.post(.cellular2G)  // online to online: not "back"
        #expect(service.requestedIDs.count == 2)
    }

    @Test("after teardown the presenter hears no change, and the notifier keeps no observer")
    func noDeliveryAfterTeardown() throws {
        let presenter = makePresenter(appState: AppState(personOrigin: .user))
        presenter.viewWillAppear()
        #expect(notifier.observerCount == 1)
        presenter.cancelLoading()
        #expect(notifier.observerCount == 0)
        notifier.post(.cellular2G)
        #expect(view.banners == [""])
    }
}
