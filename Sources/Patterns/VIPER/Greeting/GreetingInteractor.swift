import Model
import Networking
import Reformers
import Tracing

/// VIPER's Interactor: the greeting's business rules and its only door to the data. It reads and
/// writes the shared `AppState`, whose `Person` is the module's Entity (the Model layer's type,
/// shared by every pattern: VIPER asks only that entities be plain data, and it is). It loads the
/// person through the person API, decides when a load is needed and whether its reply may
/// overwrite the names, and validates them. It formats nothing: it hands plain values to its
/// output.
///
/// It is the person manager's delegate: one callback for success and one for failure, held weakly
/// by the manager, so there is no task to own or cancel — the module's landing point cancels the
/// request on teardown and no reply reaches a torn-down module. Two delegate boundaries meet
/// here: manager → interactor, and interactor → presenter (its output).
@MainActor
final class GreetingInteractor: GreetingInteractorInput {
    weak var output: (any GreetingInteractorOutput)?
    private let appState: AppState
    private let personManager: any APIManaging

    /// - Parameters:
    ///   - appState: the shared state holding the person and where it came from.
    ///   - personManager: the person API; its landing point belongs to the module.
    init(appState: AppState, personManager: any APIManaging) {
        self.appState = appState
        self.personManager = personManager
        personManager.delegate = self
    }

    // MARK: - GreetingInteractorInput

    func provideNames() {
        trace(.interactor, self, "person is \(appState.personOrigin)")
        output?.didProvideNames(firstName: appState.person.firstName, lastName: appState.person.lastName)
        // Names from the service or typed by the user are known; only the placeholder is loaded.
        if appState.personOrigin == .placeholder { loadPerson() }
    }

    func reloadNames() {
        trace(.interactor, self, "load the person again")
        loadPerson()
    }

    func updateFirstName(_ firstName: String) {
        trace(.interactor, self, "first name → model")
        updatePerson { $0.firstName = firstName }
    }

    func updateLastName(_ lastName: String) {
        trace(.interactor, self, "last name → model")
        updatePerson { $0.lastName = lastName }
    }

    func provideGreeting() {
        trace(.interactor, self, "validate the names")
        guard let (first, last) = appState.person.greetingNames else {
            output?.didRejectNames()
            return
        }
        output?.didProvideGreeting(GreetingData(greeting: "Hello", subject: first + " " + last))
    }

    // MARK: - Private

    private func loadPerson() {
        // Told first: a reply can come back before `loadData()` returns (a cache hit, bad parameters).
        output?.didStartLoadingNames()
        personManager.parameters = ["id": appState.person.id]
        personManager.loadData()
    }

    /// An edit makes the names the user's: a load that lands later must not overwrite them.
    private func updatePerson(_ edit: (inout Person) -> Void) {
        var person = appState.person
        edit(&person)
        appState.personOrigin = .user
        appState.person = person
    }
}

// MARK: - APIManagerDelegate

extension GreetingInteractor: APIManagerDelegate {
    func managerDidSucceed(_ manager: any APIManaging) {
        trace(.interactor, self, "person loaded")
        output?.didFinishLoadingNames()
        // What the user typed meanwhile wins over what the server says.
        guard appState.personOrigin != .user, let person = manager.fetchData(reformer: PersonReformer()) ?? nil else {
            return
        }
        appState.personOrigin = .service
        appState.person = person
        output?.didProvideNames(firstName: person.firstName, lastName: person.lastName)
    }

    func managerDidFail(_ manager: any APIManaging, error: APIError) {
        trace(.interactor, self, "person failed: \(error.shortName)")
        output?.didFailToLoadNames(error)
    }
}
