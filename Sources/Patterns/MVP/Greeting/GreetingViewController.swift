import Mediator
import ScreenViews
import Terminal
import Tracing
import Widgets

/// MVP's View: a passive view controller. It forwards every event to its presenter and shows
/// exactly the strings it is told — no decision is made here, which is why the presenter can be
/// tested without it.
///
/// Laid out in casatwy's order: life cycle, delegates, event response, getters and setters last.
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
        trace(.view, self, "wire fields and button")
        formView.firstNameField.delegate = self
        formView.lastNameField.delegate = self
        formView.showGreetingButton.addTarget(self, action: GreetingViewController.didTapShowGreeting)
    }

    override func viewWillAppear() {
        super.viewWillAppear()
        trace(.view, self, "will appear → presenter")
        presenter.viewWillAppear()
    }

    override var preferredFocusedView: View? { formView.showGreetingButton }

    // MARK: - GreetingView

    func showNames(firstName: String, lastName: String) {
        trace(.view, self, "names = \(firstName) \(lastName)")
        formView.firstNameField.text = firstName
        formView.lastNameField.text = lastName
    }

    func showGreeting(_ text: String, isError: Bool) {
        trace(.view, self, "greeting")
        formView.showGreeting(text, isError: isError)
    }

    func showStatus(_ text: String, isError: Bool) {
        trace(.view, self, "status")
        formView.showStatus(text, isError: isError)
    }

    func showNetworkBanner(_ text: String) {
        trace(.view, self, "network banner")
        formView.showNetworkBanner(text)
    }

    // MARK: - TextFieldDelegate

    // (see the extension below: edits go to the presenter)

    // MARK: - Event response

    func didTapShowGreeting() {
        trace(.view, self, "tap → presenter")
        presenter.didTapShowGreeting()
    }

    /// `r` reaches here only when no text field took it.
    override func handleKey(_ key: Key) -> Bool {
        guard key == .character("r") else { return false }
        trace(.view, self, "r → presenter")
        presenter.didRequestRetry()
        return true
    }

    // MARK: - Getters and setters

    private lazy var formView = GreetingFormView()
}

// MARK: - TextFieldDelegate

extension GreetingViewController: TextFieldDelegate {
    func textFieldDidChange(_ textField: TextField) {
        trace(.view, self, "\(textField.title) edited → presenter")
        if textField === formView.firstNameField {
            presenter.didEditFirstName(textField.text)
        } else {
            presenter.didEditLastName(textField.text)
        }
    }

    /// Enter in a field moves focus on: pure view behaviour, no business in it.
    func textFieldShouldReturn(_ textField: TextField) -> Bool {
        textField.window?.moveFocus(forward: true)
        return false
    }
}
