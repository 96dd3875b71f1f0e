import ScreenViews
import Tracing
import Widgets

/// MVP's view: a passive view controller (Orlov's `GreetingViewController: GreetingView`). It
/// forwards the tap and the edits to its presenter and sets exactly what it is told; no decision
/// is made here, which is why the presenter can be tested without it.
final class GreetingViewController: ViewController, GreetingView {
    /// Set by `GreetingBuilder` before the view loads. Strong: the view owns its presenter.
    var presenter: (any GreetingViewPresenter)!

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
        trace(.view, self, "wire the button and the fields")
        formView.showGreetingButton.addTarget(self, action: GreetingViewController.didTapButton)
        for field in [formView.firstNameField, formView.lastNameField] {
            field.addTarget(self, action: GreetingViewController.didEditName, for: .editingChanged)
        }
        presenter.showNames()
    }

    override var preferredFocusedView: View? { formView.showGreetingButton }

    // MARK: - GreetingView

    func setGreeting(_ greeting: String) {
        trace(.view, self, "label ← greeting")
        formView.showGreeting(greeting)
    }

    func setWarning(_ warning: String) {
        trace(.view, self, "label ← warning")
        formView.showGreeting(warning, isWarning: true)
    }

    func setNames(firstName: String, lastName: String) {
        trace(.view, self, "fields ← names")
        formView.firstNameField.text = firstName
        formView.lastNameField.text = lastName
    }

    // MARK: - Event response

    func didTapButton() {
        trace(.view, self, "tap → presenter")
        presenter.showGreeting()
    }

    func didEditName() {
        trace(.view, self, "edit → presenter")
        presenter.updateNames(firstName: formView.firstNameField.text, lastName: formView.lastNameField.text)
    }

    // MARK: - Getters and setters

    private lazy var formView = GreetingFormView()
}
