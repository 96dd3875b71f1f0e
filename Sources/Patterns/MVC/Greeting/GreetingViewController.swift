import Mediator
import Model
import Networking
import Reformers
import Terminal
import ScreenViews
import Tracing
import Widgets

/// Cocoa MVC as Apple ships it: the view controller owns the form, talks to the person API as the
/// manager's delegate, writes the model and builds the greeting in its button handler. The least
/// code of the four patterns, and the reason "massive view controller" is a phrase: view and
/// controller are one, so this logic can only be tested by driving this controller's views.
///
/// Laid out in casatwy's order: life cycle, delegates, event response, getters and setters last.
final class GreetingViewController: ViewController {
    private let appState: AppState
    private let personManager: PersonManager

    /// - Parameters:
    ///   - appState: the model, shared by every pattern.
    ///   - personManager: the person API; its landing point belongs to the module.
    init(appState: AppState, personManager: PersonManager) {
        self.appState = appState
        self.personManager = personManager
        super.init()
        title = "Greeting"
    }

    // MARK: - Life cycle

    override func loadView() {
        view = formView
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        trace(.controller, self, "wire fields, button, manager")
        formView.firstNameField.delegate = self
        formView.lastNameField.delegate = self
        formView.showGreetingButton.addTarget(self, action: GreetingViewController.didTapShowGreeting)
        personManager.delegate = self
    }

    override func viewWillAppear() {
        super.viewWillAppear()
        trace(.controller, self, "fill fields from the model")
        showPersonInFields()
        if appState.personOrigin == .placeholder { loadPerson() }
    }

    override var preferredFocusedView: View? { formView.showGreetingButton }

    // MARK: - APIManagerDelegate

    // (see the extension below: success and failure of the person API)

    // MARK: - Event response

    func didTapShowGreeting() {
        trace(.controller, self, "build the greeting here")
        guard let (first, last) = appState.person.greetingNames else {
            formView.showGreeting("Please enter a first and a last name.", isError: true)
            return
        }
        formView.showGreeting("Hello " + first + " " + last, isError: false)
    }

    override func handleKey(_ key: Key) -> Bool {
        guard key == .character("r"), personManager.state.isFailed else { return false }
        trace(.controller, self, "retry")
        loadPerson()
        return true
    }

    // MARK: - Private

    private func loadPerson() {
        formView.showStatus("Loading names …")
        personManager.parameters = ["id": appState.person.id]
        personManager.loadData()
    }

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
        var person = appState.person
        if textField === formView.firstNameField { person.firstName = textField.text } else { person.lastName = textField.text }
        appState.personOrigin = .user
        appState.person = person
    }

    func textFieldShouldReturn(_ textField: TextField) -> Bool {
        textField.window?.moveFocus(forward: true)
        return false
    }
}

// MARK: - APIManagerDelegate

extension GreetingViewController: APIManagerDelegate {
    func managerDidSucceed(_ manager: any APIManaging) {
        trace(.controller, self, "person loaded")
        formView.showStatus("")
        // What the user typed meanwhile wins over what the server says.
        guard appState.personOrigin != .user, let person = manager.fetchData(reformer: PersonReformer()).flatMap({ $0 }) else {
            return
        }
        appState.personOrigin = .service
        appState.person = person
        showPersonInFields()
    }

    func managerDidFail(_ manager: any APIManaging, error: APIError) {
        trace(.controller, self, "person failed: \(error.shortName)")
        formView.showStatus("Could not load the names: \(error.userMessage) Press r to retry.", isError: true)
    }
}
