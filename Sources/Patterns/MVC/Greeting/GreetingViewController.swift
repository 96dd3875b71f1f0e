import Model
import Tracing
import Widgets

/// Cocoa MVC as Apple ships it: the view controller owns the person, the fields, the button and
/// the label, and builds the greeting in its button handler. The least code of the four patterns,
/// and the reason "massive view controller" is a phrase: view and controller are one, so the
/// greeting logic can only be tested by driving this controller's views.
///
/// Laid out in casatwy's order: life cycle, delegates, event response, getters and setters last.
final class GreetingViewController: ViewController {
    private let appState: AppState

    init(appState: AppState) {
        self.appState = appState
        super.init()
        title = "Greeting"
    }

    // MARK: - Life cycle

    override func loadView() {
        view = StackView(arrangedSubviews: [firstNameField, lastNameField, showGreetingButton, greetingLabel], spacing: 1, margin: 1)
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        trace(.controller, self, "wire fields and button")
        firstNameField.delegate = self
        lastNameField.delegate = self
        showGreetingButton.addTarget(self, action: GreetingViewController.didTapShowGreeting)
    }

    override func viewWillAppear() {
        super.viewWillAppear()
        trace(.controller, self, "fill fields from the model")
        firstNameField.text = appState.person.firstName
        lastNameField.text = appState.person.lastName
    }

    override var preferredFocusedView: View? { showGreetingButton }

    // MARK: - Event response

    func didTapShowGreeting() {
        trace(.controller, self, "build the greeting here")
        let person = appState.person
        guard !person.firstName.isEmpty, !person.lastName.isEmpty else {
            greetingLabel.style = Theme.error
            greetingLabel.text = "Please enter a first and a last name."
            return
        }
        greetingLabel.style = Theme.title
        greetingLabel.text = "Hello " + person.firstName + " " + person.lastName
    }

    // MARK: - Getters and setters

    private lazy var firstNameField: TextField = {
        let field = TextField(title: "First name", placeholder: "e.g. David")
        field.titleWidth = 11
        return field
    }()

    private lazy var lastNameField: TextField = {
        let field = TextField(title: "Last name", placeholder: "e.g. Blaine")
        field.titleWidth = 11
        return field
    }()

    private lazy var showGreetingButton = Button(title: "Show greeting")
    private lazy var greetingLabel = Label(numberOfLines: 0)
}

// MARK: - TextFieldDelegate

extension GreetingViewController: TextFieldDelegate {
    /// Every edit goes straight into the shared model, so a pattern switch keeps it.
    func textFieldDidChange(_ textField: TextField) {
        trace(.controller, self, "\(textField.title) → model")
        var person = appState.person
        if textField === firstNameField { person.firstName = textField.text } else { person.lastName = textField.text }
        appState.person = person
    }

    func textFieldShouldReturn(_ textField: TextField) -> Bool {
        trace(.controller, self)
        textField.window?.moveFocus(forward: true)
        return false
    }
}
