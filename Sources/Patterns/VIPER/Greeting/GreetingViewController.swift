import ScreenViews
import Tracing
import Widgets

/// VIPER's view (Orlov's `GreetingViewController: GreetingView`): it forwards what the user does
/// to its event handler and shows what the presenter tells it, and decides nothing.
final class GreetingViewController: ViewController, GreetingView {
    /// Set by `GreetingBuilder`. Strong: the view is what the screen keeps alive, and it owns the presenter.
    var eventHandler: (any GreetingViewEventHandler)!

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
        eventHandler.didLoadView()
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
        trace(.view, self, "tap → event handler")
        eventHandler.didTapShowGreetingButton()
    }

    func didEditName() {
        trace(.view, self, "edit → event handler")
        eventHandler.didEditNames(firstName: formView.firstNameField.text, lastName: formView.lastNameField.text)
    }

    // MARK: - Getters and setters

    private lazy var formView = GreetingFormView()
}
