import Model
import Networking
import Reformers
import Tracing

/// MVVM's greeting view model: Orlov's `GreetingViewModel`, grown to load its person. It holds the
/// model (the shared `AppState`, the person API) and exposes what the view shows as `Observable`
/// state; the view binds to that state and calls the inputs. It imports no view layer and holds
/// no view — which is the whole of MVVM's testability.
///
/// The person loads by the manager's `async` style in a `Task` the view model owns: it cancels it
/// when a retry replaces it and on teardown, and the task holds the view model weakly.
@MainActor
final class GreetingViewModel: GreetingViewModelProtocol {
    // MARK: Outputs

    let firstName: Observable<String>
    let lastName: Observable<String>
    let greeting = Observable(DisplayText.empty)
    let status = Observable(DisplayText.empty)
    var canRetry: Bool { personManager.state.isFailed }

    // MARK: Model

    private let appState: AppState
    private let personManager: PersonManager
    private var loadTask: Task<Void, Never>?

    /// - Parameters:
    ///   - appState: the model, shared by every pattern.
    ///   - personManager: the person API; its landing point belongs to the module.
    init(appState: AppState, personManager: PersonManager) {
        self.appState = appState
        self.personManager = personManager
        firstName = Observable(appState.person.firstName)
        lastName = Observable(appState.person.lastName)
    }

    // MARK: Inputs

    func viewWillAppear() {
        trace(.viewModel, self, "origin \(appState.personOrigin)")
        publishNames()
        if appState.personOrigin == .placeholder { loadPerson() }
    }

    /// Every edit writes the shared person at once, so a pattern switch keeps it; typed names win
    /// over a load that lands later.
    func update(firstName: String) {
        trace(.viewModel, self, "first name → model")
        appState.personOrigin = .user
        appState.person.firstName = firstName
        self.firstName.value = firstName
    }

    func update(lastName: String) {
        trace(.viewModel, self, "last name → model")
        appState.personOrigin = .user
        appState.person.lastName = lastName
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

    func retry() {
        trace(.viewModel, self, "retry")
        loadPerson()
    }

    // MARK: Teardown

    /// Ends the load this view model started; the builder calls it when the screen goes away.
    func cancelLoading() {
        trace(.viewModel, self, "cancel loading")
        loadTask?.cancel()
        loadTask = nil
    }

    // MARK: Private

    private func loadPerson() {
        status.value = DisplayText("Loading names …")
        personManager.parameters = ["id": appState.person.id]
        loadTask?.cancel()
        // Weak: a reply must never keep a torn-down screen alive. A cancelled task (replaced by a
        // retry, or the screen went away) delivers nothing.
        loadTask = Task { [weak self, personManager] in
            let result: Result<Person?, APIError>
            do throws(APIError) {
                result = .success(try await personManager.load(reformer: PersonReformer()))
            } catch {
                result = .failure(error)
            }
            guard !Task.isCancelled, let self else { return }
            switch result {
            case .success(let person): self.personDidLoad(person)
            case .failure(let error): self.personDidFail(error)
            }
        }
    }

    private func personDidLoad(_ person: Person?) {
        trace(.viewModel, self, "loaded \(person?.fullName ?? "nobody")")
        loadTask = nil
        status.value = .empty
        // What the user typed meanwhile wins over what the server says.
        guard appState.personOrigin != .user, let person else { return }
        appState.personOrigin = .service
        appState.person = person
        publishNames()
    }

    private func personDidFail(_ error: APIError) {
        trace(.viewModel, self, "failed: \(error.shortName)")
        loadTask = nil
        // The landing point cancels on teardown: nothing to say to a screen that went away.
        guard error != .cancelled else { return }
        status.value = DisplayText("Could not load the names: \(error.userMessage) Press r to retry.", isError: true)
    }

    private func publishNames() {
        firstName.value = appState.person.firstName
        lastName.value = appState.person.lastName
    }
}
