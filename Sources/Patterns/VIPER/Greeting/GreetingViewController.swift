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
        @Traced(.view, self, "wire the button and the fields") var call
        formView.showGreetingButton.addTarget(self, action: GreetingViewController.didTapButton)
        for field in [formView.firstNameField, formView.lastNameField] {
            field.addTarget(self, action: GreetingViewController.didEditName, for: .editingChanged)
        }
        eventHandler.didLoadView()
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
        @Traced(.view, self, "tap → event handler") var call
        eventHandler.didTapShowGreetingButton()
    }

    func didEditName() {
        @Traced(.view, self, "edit → event handler") var call
        eventHandler.didEditNames(firstName: formView.firstNameField.text, lastName: formView.lastNameField.text)
    }

    // MARK: - Getters and setters

    private lazy var formView = GreetingFormView()
}
