import ScreenViews
import Terminal
import Tracing
import Widgets

/// MVVM's View for the greeting (casatwy's MVCVM: the view controller is still there, and its job
/// is to bind). It binds each form view to an output of its view model, sends the button straight
/// to the view model's `showGreeting`, and passes edits and `r` to the inputs. It decides nothing.
///
/// Laid out in casatwy's order: life cycle, delegates, event response, binding, getters last.
final class GreetingViewController: ViewController {
    /// Strong: the view owns its view model; the view model never sees the view.
    private let viewModel: any GreetingViewModelProtocol

    init(viewModel: any GreetingViewModelProtocol) {
        self.viewModel = viewModel
        super.init()
        title = "Greeting"
    }

    // MARK: - Life cycle

    override func loadView() {
        view = formView
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        trace(.view, self, "bind form ↔ view model")
        formView.firstNameField.delegate = self
        formView.lastNameField.delegate = self
        // Orlov's MVVM: the button's target is the view model itself, not the controller.
        formView.showGreetingButton.addTarget(viewModel, action: { $0.showGreeting })
        bindViewModel()
    }

    override func viewWillAppear() {
        super.viewWillAppear()
        trace(.view, self, "appearing → view model")
        viewModel.viewWillAppear()
    }

    override var preferredFocusedView: View? { formView.showGreetingButton }

    // MARK: - TextFieldDelegate

    // (see the extension below: edits go to the view model)

    // MARK: - Event response

    /// `r` reaches here only when no text field took it.
    override func handleKey(_ key: Key) -> Bool {
        guard key == .character("r") else { return false }
        trace(.view, self, "r → view model")
        viewModel.retry()
        return true
    }

    // MARK: - Binding

    /// Each output to the method that shows it; every bound method runs once now and on each change.
    private func bindViewModel() {
        viewModel.firstName.bind(self, GreetingViewController.showFirstName)
        viewModel.lastName.bind(self, GreetingViewController.showLastName)
        viewModel.greeting.bind(self, GreetingViewController.showGreeting)
        viewModel.status.bind(self, GreetingViewController.showStatus)
        viewModel.networkBanner.bind(self, GreetingViewController.showNetworkBanner)
    }

    private func showFirstName(_ name: String) {
        trace(.view, self, "first name ← \(name)")
        formView.firstNameField.text = name
    }

    private func showLastName(_ name: String) {
        trace(.view, self, "last name ← \(name)")
        formView.lastNameField.text = name
    }

    private func showGreeting(_ greeting: DisplayText) {
        trace(.view, self, "greeting ← \(greeting.text)")
        formView.showGreeting(greeting.text, isError: greeting.isError)
    }

    private func showNetworkBanner(_ text: String) {
        trace(.view, self, "network banner ← \(text)")
        formView.showNetworkBanner(text)
    }

    private func showStatus(_ status: DisplayText) {
        trace(.view, self, "status ← \(status.text)")
        formView.showStatus(status.text, isError: status.isError)
    }

    // MARK: - Getters and setters

    private lazy var formView = GreetingFormView()
}

// MARK: - TextFieldDelegate

extension GreetingViewController: TextFieldDelegate {
    func textFieldDidChange(_ textField: TextField) {
        trace(.view, self, "\(textField.title) → view model")
        if textField === formView.firstNameField {
            viewModel.update(firstName: textField.text)
        } else {
            viewModel.update(lastName: textField.text)
        }
    }

    /// Enter in a field moves on to the next view.
    func textFieldShouldReturn(_ textField: TextField) -> Bool {
        textField.window?.moveFocus(forward: true)
        return false
    }
}
