import Model
import Reformers
import Tracing

/// VIPER's Interactor: the greeting's business rules and its only door to the data. It reads and
/// writes the shared `AppState`, whose `Person` is the module's Entity (the Model layer's type,
/// shared by every pattern: VIPER asks only that entities be plain data, and it is). It loads the
/// person through the person service, decides when a load is needed, whether its reply may
/// overwrite the names and whether a retry is due, and validates them. It formats nothing: it
/// hands plain values to its output, a failure included (its reason as a sentence).
@MainActor
final class GreetingInteractor: GreetingInteractorInput {
    weak var output: (any GreetingInteractorOutput)?
    private let appState: AppState
    private let personService: any PersonService
    private let networkStatus: any NetworkStatus
    /// The last load started, owned here: teardown and a retry cancel it (a test awaits it).
    private(set) var loadTask: Task<Void, Never>?
    /// True from a failed load until the next load starts: exactly when `r` may retry (the last
    /// load failed and none is in flight).
    private var loadFailed = false

    /// - Parameters:
    ///   - appState: the shared state holding the person and where it came from.
    ///   - personService: the model layer's person service; its requests land on the module's landing point.
    ///   - networkStatus: the network type; the interactor observes its changes (VIPER's place for
    ///     them) and tells its output.
    init(appState: AppState, personService: any PersonService, networkStatus: any NetworkStatus) {
        self.appState = appState
        self.personService = personService
        self.networkStatus = networkStatus
        // Weak: observing must not keep a torn-down screen alive; teardown stops it anyway.
        networkStatus.startObserving { [weak self] change in self?.networkTypeDidChange(change) }
    }

    // MARK: - GreetingInteractorInput

    func provideNames() {
        trace(.interactor, self, "person is \(appState.personOrigin)")
        output?.didProvideNames(firstName: appState.person.firstName, lastName: appState.person.lastName)
        output?.didProvideNetworkType(networkStatus.networkType)
        // Only the placeholder is loaded; names from the service or typed by the user are known.
        if appState.personOrigin == .placeholder { loadPerson() }
    }

    /// Loads again only after a failed load.
    func reloadNames() {
        guard loadFailed else { return }
        trace(.interactor, self, "retry")
        loadPerson()
    }

    /// The network layer's one notification: the output hears the new type, and a failed load is
    /// retried when the network is back.
    func networkTypeDidChange(_ change: NetworkTypeChange) {
        trace(.interactor, self, "network type → \(change.new.rawValue)")
        output?.didProvideNetworkType(change.new)
        if change.cameBack { reloadNames() }
    }

    func updateFirstName(_ firstName: String) {
        trace(.interactor, self, "first name → model")
        appState.editPerson { $0.firstName = firstName }
    }

    func updateLastName(_ lastName: String) {
        trace(.interactor, self, "last name → model")
        appState.editPerson { $0.lastName = lastName }
    }

    func provideGreeting() {
        trace(.interactor, self, "validate the names")
        guard let (first, last) = appState.person.greetingNames else {
            output?.didRejectNames()
            return
        }
        output?.didProvideGreeting(GreetingData(greeting: "Hello", subject: first + " " + last))
    }

    // MARK: - Loading

    /// Loads the shared person in a task this interactor owns. Immediate: the request leaves
    /// inside the key event that asked for it, so the trace groups it under that key. Weak: a
    /// reply never keeps a torn-down screen alive.
    private func loadPerson() {
        loadTask?.cancel()
        loadFailed = false
        output?.didStartLoadingNames()
        let id = appState.person.id
        loadTask = ServiceLoad.start { [personService] () async throws(LoadFailure) in
            try await personService.loadPerson(id: id)
        } loaded: { [weak self] in self?.personDidLoad($0) } failed: { [weak self] in self?.personDidFail($0) }
    }

    private func personDidLoad(_ person: Person) {
        trace(.interactor, self, "loaded \(person.fullName)")
        output?.didFinishLoadingNames()
        // What the user typed meanwhile wins over what the server says.
        guard appState.personOrigin != .user else { return }
        appState.personOrigin = .service
        appState.person = person
        output?.didProvideNames(firstName: person.firstName, lastName: person.lastName)
    }

    private func personDidFail(_ failure: LoadFailure) {
        trace(.interactor, self, "failed: \(failure.shortName)")
        loadFailed = true
        output?.didFailToLoadNames(reason: failure.userMessage)
    }

    /// Ends the load in flight; nothing it brings is delivered. The builder calls it on teardown.
    func cancelLoading() {
        trace(.interactor, self, "cancel loading")
        networkStatus.stopObserving()
        loadTask?.cancel()
        personService.cancel()
    }
}
