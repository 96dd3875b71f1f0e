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
        @Traced(.view, self, "wire the button and the fields") var call
        formView.showGreetingButton.addTarget(self, action: GreetingViewController.didTapButton)
        for field in [formView.firstNameField, formView.lastNameField] {
            field.addTarget(self, action: GreetingViewController.didEditName, for: .editingChanged)
        }
        presenter.showNames()
    }

    override var preferredFocusedView: View? { formView.showGreetingButton }

    // MARK: - GreetingView

    func setGreeting(_ greeting: String) {
        @Traced(.view, self, "label ← greeting") var call
        formView.showGreeting(greeting)
    }

    func setWarning(_ warning: String) {
        @Traced(.view, self, "label ← warning") var call
        formView.showGreeting(warning, isWarning: true)
    }

    func setNames(firstName: String, lastName: String) {
        @Traced(.view, self, "fields ← names") var call
        formView.firstNameField.text = firstName
        formView.lastNameField.text = lastName
    }

    // MARK: - Event response

    func didTapButton() {
        @Traced(.view, self, "tap → presenter") var call
        presenter.showGreeting()
    }

    func didEditName() {
        @Traced(.view, self, "edit → presenter") var call
        presenter.updateNames(firstName: formView.firstNameField.text, lastName: formView.lastNameField.text)
    }

    // MARK: - Getters and setters

    private lazy var formView = GreetingFormView()
}
