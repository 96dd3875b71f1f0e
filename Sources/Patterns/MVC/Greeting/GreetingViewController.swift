import Model
import ScreenViews
import Tracing
import Widgets

/// Cocoa MVC, Orlov's greeting: one view controller owns the model, the button and the label, and
/// its button handler builds the greeting and sets the label. View and controller are one, so this
/// logic can be tested only by driving this controller's views: the "massive view controller" in
/// small. mvx adds the name fields, whose edits the controller writes straight into the model.
final class GreetingViewController: ViewController {
    /// Orlov's `person`: here the shared model that holds it, so an edit outlives a pattern switch.
    var model: AppState!

    override init() {
        super.init()
        title = "Greeting"
    }

    // MARK: - Life cycle

    override func loadView() {
        view = formView
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        @Traced(.controller, self, "wire the button and the fields") var call
        formView.showGreetingButton.addTarget(self, action: GreetingViewController.didTapButton)
        for field in [formView.firstNameField, formView.lastNameField] {
            field.addTarget(self, action: GreetingViewController.didEditName, for: .editingChanged)
        }
        formView.firstNameField.text = model.person.firstName
        formView.lastNameField.text = model.person.lastName
    }

    override var preferredFocusedView: View? { formView.showGreetingButton }

    // MARK: - Event response

    func didTapButton() {
        @Traced(.controller, self, "build the greeting") var call
        guard let (first, last) = model.person.greetingNames else {
            return formView.showGreeting("Please enter a first and a last name.", isWarning: true)
        }
        formView.showGreeting("Hello" + " " + first + " " + last)
    }

    func didEditName() {
        @Traced(.controller, self, "names → model") var call
        model.editPerson { [formView] in
            $0.firstName = formView.firstNameField.text
            $0.lastName = formView.lastNameField.text
        }
    }

    // MARK: - Getters and setters

    private lazy var formView = GreetingFormView()
}
