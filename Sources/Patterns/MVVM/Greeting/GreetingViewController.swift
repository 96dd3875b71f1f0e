import ScreenViews
import Tracing
import Widgets

/// MVVM's view (casatwy's MVCVM: the view controller is still there, and its job is to bind).
/// Setting its view model installs the binding; the button goes straight to the view model's
/// `showGreeting`, and edits to its input. It decides nothing.
final class GreetingViewController: ViewController {
    /// Set by `GreetingBuilder`; setting it binds the label to the view model's greeting, as
    /// Orlov's view does. Strong: the view owns its view model; the view model never sees the view.
    var viewModel: (any GreetingViewModelProtocol)! {
        didSet {
            // Weak where Orlov writes `unowned`: the view model keeps this closure, and a test or
            // the inspector may keep the view model after the view is gone.
            viewModel.greetingDidChange = { [weak self] viewModel in self?.showGreeting(of: viewModel) }
        }
    }

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
        // Orlov's MVVM: the button's target is the view model itself, not the controller.
        let viewModel: any GreetingViewModelProtocol = self.viewModel
        formView.showGreetingButton.addTarget(viewModel, action: { $0.showGreeting })
        for field in [formView.firstNameField, formView.lastNameField] {
            field.addTarget(self, action: GreetingViewController.didEditName, for: .editingChanged)
        }
        formView.firstNameField.text = viewModel.firstName
        formView.lastNameField.text = viewModel.lastName
    }

    override var preferredFocusedView: View? { formView.showGreetingButton }

    // MARK: - Event response

    func didEditName() {
        @Traced(.view, self, "edit → view model") var call
        viewModel.updateNames(firstName: formView.firstNameField.text, lastName: formView.lastNameField.text)
    }

    // MARK: - Binding

    private func showGreeting(of viewModel: any GreetingViewModelProtocol) {
        @Traced(.view, self, "label ← greeting") var call
        formView.showGreeting(viewModel.greeting ?? "", isWarning: viewModel.isWarning)
    }

    // MARK: - Getters and setters

    private lazy var formView = GreetingFormView()
}
