import Model
import Networking
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
/// It knows the view only through `GreetingView`, so it is tested with a spy and no terminal.
///
/// It uses the person API's `async` style: each load is one `Task` the presenter owns, so its
/// event methods stay synchronous for the view, and teardown cancels exactly that task. The task
/// starts immediately (`Task.immediate`): the request leaves inside the event that asked for it,
/// not one turn of the main actor later.
@MainActor
final class GreetingPresenter: GreetingViewPresenter {
    /// Weak: the view owns its presenter, so a strong reference back would be a cycle; and the
    /// view's life is the screen's life, which the presenter must never extend.
    private weak var view: (any GreetingView)?
    private let appState: AppState
    private let personManager: any APIManaging
    private var loadTask: Task<Void, Never>?

    /// - Parameters:
    ///   - view: the passive view, held weakly.
    ///   - appState: the model, shared by every pattern.
    ///   - personManager: the person API; its landing point belongs to the module.
    init(view: any GreetingView, appState: AppState, personManager: any APIManaging) {
        self.view = view
        self.appState = appState
        self.personManager = personManager
    }

    // MARK: - GreetingViewPresenter

    func viewWillAppear() {
        trace(.presenter, self, "names from the model")
        view?.showNames(firstName: appState.person.firstName, lastName: appState.person.lastName)
        // Only the placeholder is loaded; names from the service or typed by the user are known.
        if appState.personOrigin == .placeholder { loadPerson() }
    }

    func didEditFirstName(_ text: String) {
        trace(.presenter, self, "first name → model")
        updatePerson { $0.firstName = text }
    }

    func didEditLastName(_ text: String) {
        trace(.presenter, self, "last name → model")
        updatePerson { $0.lastName = text }
    }

    func didTapShowGreeting() {
        trace(.presenter, self, "build the greeting")
        guard let (first, last) = appState.person.greetingNames else {
            view?.showGreeting("Please enter a first and a last name.", isError: true)
            return
        }
        view?.showGreeting("Hello " + first + " " + last, isError: false)
    }

    func didRequestRetry() {
        guard personManager.state.isFailed else { return }
        trace(.presenter, self, "retry")
        loadPerson()
    }

    // MARK: - Module life

    /// Stops the load in flight; the builder calls it when the screen is torn down.
    func stopLoading() {
        trace(.presenter, self, "stop loading")
        loadTask?.cancel()
    }

    // MARK: - Private

    private func loadPerson() {
        view?.showStatus("Loading names …", isError: false)
        let personManager = self.personManager
        personManager.parameters = ["id": appState.person.id]
        // The task holds the presenter weakly: a reply must never keep a torn-down screen alive.
        loadTask = Task.immediate { [weak self] in
            do throws(APIError) {
                _ = try await personManager.load()
                self?.personDidLoad()
            } catch {
                self?.personDidFail(error)
            }
        }
    }

    private func personDidLoad() {
        trace(.presenter, self, "person loaded")
        view?.showStatus("", isError: false)
        // What the user typed meanwhile wins over what the server says.
        guard appState.personOrigin != .user,
            let person = personManager.fetchData(reformer: PersonReformer()).flatMap({ $0 })
        else { return }
        appState.personOrigin = .service
        appState.person = person
        view?.showNames(firstName: person.firstName, lastName: person.lastName)
    }

    private func personDidFail(_ error: APIError) {
        // A cancelled load (teardown) reports nothing: nobody is looking any more.
        guard error != .cancelled else { return }
        trace(.presenter, self, "person failed: \(error.shortName)")
        view?.showStatus("Could not load the names: \(error.userMessage) Press r to retry.", isError: true)
    }

    private func updatePerson(_ edit: (inout Person) -> Void) {
        var person = appState.person
        edit(&person)
        appState.personOrigin = .user
        appState.person = person
    }
}
