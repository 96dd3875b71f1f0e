import Model
import Reformers
import Tracing

/// What the greeting view may tell its presenter (view → presenter): the view's events, nothing
/// else. Orlov's `GreetingViewPresenter`: the presenter as the view sees it.
@MainActor
protocol GreetingViewPresenter: AnyObject {
    /// The view is about to come on screen.
    func viewWillAppear()
    func didEditFirstName(_ text: String)
    func didEditLastName(_ text: String)
    func didTapShowGreeting()
    /// The user asked to retry (the `r` key).
    func didRequestRetry()
}

/// MVP's presenter for the greeting: every decision of the screen lives here — when to load the
/// person, what the user's edits do to the model, what the greeting says, what a failure reads.
/// It knows the view only through `GreetingView`, so it is tested with a spy and no terminal,
/// and the person only through `PersonService`, so it is tested with a fake one.
@MainActor
final class GreetingPresenter: GreetingViewPresenter {
    /// Weak: the view owns its presenter, so a strong reference back would be a cycle; and the
    /// view's life is the screen's life, which the presenter must never extend.
    private weak var view: (any GreetingView)?
    private let appState: AppState
    private let personService: any PersonService
    private let networkStatus: any NetworkStatus
    /// The last load started, owned here: teardown and a retry cancel it (a test awaits it).
    private(set) var loadTask: Task<Void, Never>?
    /// True from a failed load until the next load starts: exactly when `r` may retry (the last
    /// load failed and none is in flight).
    private var loadFailed = false

    /// - Parameters:
    ///   - view: the passive view, held weakly.
    ///   - appState: the model, shared by every pattern.
    ///   - personService: the model layer's person service; its requests land on the module's landing point.
    ///   - networkStatus: the network type; the presenter observes its changes (MVP's place for them).
    init(view: any GreetingView, appState: AppState, personService: any PersonService, networkStatus: any NetworkStatus) {
        self.view = view
        self.appState = appState
        self.personService = personService
        self.networkStatus = networkStatus
        // Weak: observing must not keep a torn-down screen alive; teardown stops it anyway.
        networkStatus.startObserving { [weak self] change in self?.networkTypeDidChange(change) }
    }

    // MARK: - GreetingViewPresenter

    func viewWillAppear() {
        trace(.presenter, self, "names from the model")
        view?.showNames(firstName: appState.person.firstName, lastName: appState.person.lastName)
        showBanner(for: networkStatus.networkType)
        // Only the placeholder is loaded; names from the service or typed by the user are known.
        if appState.personOrigin == .placeholder { loadPerson() }
    }

    func didEditFirstName(_ text: String) {
        trace(.presenter, self, "first name → model")
        appState.editPerson { $0.firstName = text }
    }

    func didEditLastName(_ text: String) {
        trace(.presenter, self, "last name → model")
        appState.editPerson { $0.lastName = text }
    }

    func didTapShowGreeting() {
        trace(.presenter, self, "build the greeting")
        guard let (first, last) = appState.person.greetingNames else {
            view?.showGreeting("Please enter a first and a last name.", isError: true)
            return
        }
        view?.showGreeting("Hello " + first + " " + last, isError: false)
    }

    /// Loads again only after a failed load.
    func didRequestRetry() {
        guard loadFailed else { return }
        trace(.presenter, self, "retry")
        loadPerson()
    }

    /// The network layer's one notification: the banner, and a retry of a failed load when the
    /// network is back.
    func networkTypeDidChange(_ change: NetworkTypeChange) {
        trace(.presenter, self, "network type → \(change.new.rawValue)")
        showBanner(for: change.new)
        if change.cameBack { didRequestRetry() }
    }

    /// The same banner text in every pattern: the model layer's words for the type.
    private func showBanner(for networkType: NetworkType) {
        view?.showNetworkBanner(networkType.banner)
    }

    // MARK: - Loading

    /// Loads the shared person in a task this presenter owns. Immediate: the request leaves
    /// inside the key event that asked for it, so the trace groups it under that key. Weak: a
    /// reply never keeps a torn-down screen alive.
    private func loadPerson() {
        loadTask?.cancel()
        loadFailed = false
        view?.showStatus("Loading names …", isError: false)
        let id = appState.person.id
        loadTask = ServiceLoad.start { [personService] () async throws(LoadFailure) in
            try await personService.loadPerson(id: id)
        } loaded: { [weak self] in self?.personDidLoad($0) } failed: { [weak self] in self?.personDidFail($0) }
    }

    private func personDidLoad(_ person: Person) {
        trace(.presenter, self, "loaded \(person.fullName)")
        view?.showStatus("", isError: false)
        // What the user typed meanwhile wins over what the server says.
        guard appState.personOrigin != .user else { return }
        appState.personOrigin = .service
        appState.person = person
        view?.showNames(firstName: person.firstName, lastName: person.lastName)
    }

    private func personDidFail(_ failure: LoadFailure) {
        trace(.presenter, self, "failed: \(failure.shortName)")
        loadFailed = true
        view?.showStatus("Could not load the names: \(failure.userMessage) Press r to retry.", isError: true)
    }

    /// Ends the load in flight; nothing it brings is delivered. The builder calls it on teardown.
    func cancelLoading() {
        trace(.presenter, self, "cancel loading")
        networkStatus.stopObserving()
        loadTask?.cancel()
        personService.cancel()
    }
}
