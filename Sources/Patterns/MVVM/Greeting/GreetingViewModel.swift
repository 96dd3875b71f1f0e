import Model
import Reformers
import Tracing

/// MVVM's greeting view model: Orlov's `GreetingViewModel`, grown to load its person. It holds the
/// model (the shared `AppState`, the person service) and exposes what the view shows as
/// `Observable` state; the view binds to that state and calls the inputs. It imports no view layer
/// and holds no view — which is the whole of MVVM's testability.
@MainActor
final class GreetingViewModel: GreetingViewModelProtocol {
    // MARK: Outputs

    let firstName: Observable<String>
    let lastName: Observable<String>
    let greeting = Observable(DisplayText.empty)
    let status = Observable(DisplayText.empty)
    let networkBanner: Observable<String>

    // MARK: Model

    private let appState: AppState
    private let personService: any PersonService
    private let networkStatus: any NetworkStatus
    /// The last load started, owned here: teardown and a retry cancel it (a test awaits it).
    private(set) var loadTask: Task<Void, Never>?
    /// True from a failed load until the next load starts: exactly when `r` may retry (the last
    /// load failed and none is in flight).
    private var loadFailed = false

    /// - Parameters:
    ///   - appState: the model, shared by every pattern.
    ///   - personService: the model layer's person service; its requests land on the module's landing point.
    ///   - networkStatus: the network type; the view model observes its changes (MVVM's place for them).
    init(appState: AppState, personService: any PersonService, networkStatus: any NetworkStatus) {
        self.appState = appState
        self.personService = personService
        self.networkStatus = networkStatus
        firstName = Observable(appState.person.firstName)
        lastName = Observable(appState.person.lastName)
        networkBanner = Observable("")
        // Weak: observing must not keep a torn-down screen alive; teardown stops it anyway.
        networkStatus.startObserving { [weak self] change in self?.networkTypeDidChange(change) }
        publishBanner(for: networkStatus.networkType)
    }

    // MARK: Inputs

    func viewWillAppear() {
        trace(.viewModel, self, "origin \(appState.personOrigin)")
        publishNames()
        // Only the placeholder is loaded; names from the service or typed by the user are known.
        if appState.personOrigin == .placeholder { loadPerson() }
    }

    /// Every edit writes the shared person at once, so a pattern switch keeps it; typed names win
    /// over a load that lands later.
    func update(firstName: String) {
        trace(.viewModel, self, "first name → model")
        appState.editPerson { $0.firstName = firstName }
        self.firstName.value = firstName
    }

    func update(lastName: String) {
        trace(.viewModel, self, "last name → model")
        appState.editPerson { $0.lastName = lastName }
        self.lastName.value = lastName
    }

    func showGreeting() {
        trace(.viewModel, self, "build the greeting")
        guard let (first, last) = appState.person.greetingNames else {
            greeting.value = DisplayText("Please enter a first and a last name.", isError: true)
            return
        }
        greeting.value = DisplayText("Hello " + first + " " + last)
    }

    /// Loads again only after a failed load.
    func retry() {
        guard loadFailed else { return }
        trace(.viewModel, self, "retry")
        loadPerson()
    }

    /// The network layer's one notification, turned into state: the banner, and a retry of a
    /// failed load when the network is back.
    func networkTypeDidChange(_ change: NetworkTypeChange) {
        trace(.viewModel, self, "network type → \(change.new.rawValue)")
        publishBanner(for: change.new)
        if change.cameBack { retry() }
    }

    /// The same banner text in every pattern: the model layer's words for the type.
    private func publishBanner(for networkType: NetworkType) {
        networkBanner.value = networkType.banner
    }

    // MARK: Loading

    /// Loads the shared person in a task this view model owns. Immediate: the request leaves
    /// inside the key event that asked for it, so the trace groups it under that key. Weak: a
    /// reply never keeps a torn-down screen alive.
    private func loadPerson() {
        loadTask?.cancel()
        loadFailed = false
        status.value = DisplayText("Loading names …")
        let id = appState.person.id
        loadTask = ServiceLoad.start { [personService] () async throws(LoadFailure) in
            try await personService.loadPerson(id: id)
        } loaded: { [weak self] in self?.personDidLoad($0) } failed: { [weak self] in self?.personDidFail($0) }
    }

    private func personDidLoad(_ person: Person) {
        trace(.viewModel, self, "loaded \(person.fullName)")
        status.value = .empty
        // What the user typed meanwhile wins over what the server says.
        guard appState.personOrigin != .user else { return }
        appState.personOrigin = .service
        appState.person = person
        publishNames()
    }

    private func personDidFail(_ failure: LoadFailure) {
        trace(.viewModel, self, "failed: \(failure.shortName)")
        loadFailed = true
        status.value = DisplayText("Could not load the names: \(failure.userMessage) Press r to retry.", isError: true)
    }

    /// Ends the load in flight; nothing it brings is delivered. The builder calls it on teardown.
    func cancelLoading() {
        trace(.viewModel, self, "cancel loading")
        networkStatus.stopObserving()
        loadTask?.cancel()
        personService.cancel()
    }

    // MARK: Private

    private func publishNames() {
        firstName.value = appState.person.firstName
        lastName.value = appState.person.lastName
    }
}
