import Mediator
import Model
import Reformers
import Terminal
import ScreenViews
import Tracing
import Widgets

/// Cocoa MVC as Apple ships it: the view controller owns the form, loads the person through the
/// person service, writes the model and builds the greeting in its button handler. The least
/// code of the four patterns, and the reason "massive view controller" is a phrase: view and
/// controller are one, so this logic can only be tested by driving this controller's views.
///
/// Laid out in casatwy's order: life cycle, delegates, event response, loading, getters and
/// setters last.
final class GreetingViewController: ViewController {
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
    ///   - networkStatus: the network type; the controller observes its changes (MVC's place for them).
    init(appState: AppState, personService: any PersonService, networkStatus: any NetworkStatus) {
        self.appState = appState
        self.personService = personService
        self.networkStatus = networkStatus
        super.init()
        title = "Greeting"
    }

    // MARK: - Life cycle

    override func loadView() {
        view = formView
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        trace(.controller, self, "wire fields and button")
        formView.firstNameField.delegate = self
        formView.lastNameField.delegate = self
        formView.showGreetingButton.addTarget(self, action: GreetingViewController.didTapShowGreeting)
        showBanner(for: networkStatus.networkType)
        // Weak: observing must not keep a torn-down screen alive; teardown stops it anyway.
        networkStatus.startObserving { [weak self] change in self?.networkTypeDidChange(change) }
    }

    override func viewWillAppear() {
        super.viewWillAppear()
        trace(.controller, self, "fill fields from the model")
        showPersonInFields()
        // Only the placeholder is loaded; names from the service or typed by the user are known.
        if appState.personOrigin == .placeholder { loadPerson() }
    }

    override var preferredFocusedView: View? { formView.showGreetingButton }

    // MARK: - TextFieldDelegate

    // (see the extension below: edits go straight into the model)

    // MARK: - Event response

    func didTapShowGreeting() {
        trace(.controller, self, "build the greeting here")
        guard let (first, last) = appState.person.greetingNames else {
            formView.showGreeting("Please enter a first and a last name.", isError: true)
            return
        }
        formView.showGreeting("Hello " + first + " " + last, isError: false)
    }

    /// `r` reaches here only when no text field took it.
    override func handleKey(_ key: Key) -> Bool {
        guard key == .character("r") else { return false }
        didRequestRetry()
        return true
    }

    /// The user asked to retry: loads again only after a failed load.
    func didRequestRetry() {
        guard loadFailed else { return }
        trace(.controller, self, "retry")
        loadPerson()
    }

    /// The network layer's one notification, caught here as any other event: the banner, and a
    /// retry of a failed load when the network is back.
    func networkTypeDidChange(_ change: NetworkTypeChange) {
        trace(.controller, self, "network type → \(change.new.rawValue)")
        showBanner(for: change.new)
        if change.cameBack { didRequestRetry() }
    }

    /// The same banner text in every pattern: the model layer's words for the type.
    private func showBanner(for networkType: NetworkType) {
        formView.showNetworkBanner(networkType.banner)
    }

    // MARK: - Loading

    /// Loads the shared person in a task this controller owns. Immediate: the request leaves
    /// inside the key event that asked for it, so the trace groups it under that key. Weak: a
    /// reply never keeps a torn-down screen alive.
    private func loadPerson() {
        loadTask?.cancel()
        loadFailed = false
        formView.showStatus("Loading names …")
        let id = appState.person.id
        loadTask = ServiceLoad.start { [personService] () async throws(LoadFailure) in
            try await personService.loadPerson(id: id)
        } loaded: { [weak self] in self?.personDidLoad($0) } failed: { [weak self] in self?.personDidFail($0) }
    }

    private func personDidLoad(_ person: Person) {
        trace(.controller, self, "loaded \(person.fullName)")
        formView.showStatus("")
        // What the user typed meanwhile wins over what the server says.
        guard appState.personOrigin != .user else { return }
        appState.personOrigin = .service
        appState.person = person
        showPersonInFields()
    }

    private func personDidFail(_ failure: LoadFailure) {
        trace(.controller, self, "failed: \(failure.shortName)")
        loadFailed = true
        formView.showStatus("Could not load the names: \(failure.userMessage) Press r to retry.", isError: true)
    }

    /// Ends the load in flight; nothing it brings is delivered. The builder calls it on teardown.
    func cancelLoading() {
        trace(.controller, self, "cancel loading")
        networkStatus.stopObserving()
        loadTask?.cancel()
        personService.cancel()
    }

    // MARK: - Private

    private func showPersonInFields() {
        formView.firstNameField.text = appState.person.firstName
        formView.lastNameField.text = appState.person.lastName
    }

    // MARK: - Getters and setters

    private lazy var formView = GreetingFormView()
}

// MARK: - TextFieldDelegate

extension GreetingViewController: TextFieldDelegate {
    /// Every edit goes straight into the shared model, so a pattern switch keeps it.
    func textFieldDidChange(_ textField: TextField) {
        trace(.controller, self, "\(textField.title) → model")
        let isFirstName = textField === formView.firstNameField
        appState.editPerson { if isFirstName { $0.firstName = textField.text } else { $0.lastName = textField.text } }
    }

    func textFieldShouldReturn(_ textField: TextField) -> Bool {
        textField.window?.moveFocus(forward: true)
        return false
    }
}
