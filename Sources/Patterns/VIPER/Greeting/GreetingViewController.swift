import ScreenViews
import Terminal
import Tracing
import Widgets

/// VIPER's View: the view controller shows what the presenter tells it and forwards what the
/// user does, and decides nothing. It owns the presenter through `eventHandler` (strongly: the
/// view controller is what the screen keeps alive); everything else hangs off the presenter.
///
/// Laid out in casatwy's order: life cycle, delegates, event response, getters and setters last.
final class GreetingViewController: ViewController {
    let eventHandler: any GreetingViewEventHandler

    init(eventHandler: any GreetingViewEventHandler) {
        self.eventHandler = eventHandler
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
        trace(.view, self, "will appear")
        eventHandler.viewWillAppear()
    }

    override var preferredFocusedView: View? { formView.showGreetingButton }

    // MARK: - TextFieldDelegate, GreetingView

    // (see the extensions below)

    // MARK: - Event response

    func didTapShowGreeting() {
        trace(.view, self, "button tapped")
        eventHandler.didTapShowGreeting()
    }

    /// `r` reaches here only when no text field took it.
    override func handleKey(_ key: Key) -> Bool {
        guard key == .character("r") else { return false }
        trace(.view, self, "r")
        eventHandler.didRequestRetry()
        return true
    }

    // MARK: - Getters and setters

    private lazy var formView = GreetingFormView()
}

// MARK: - TextFieldDelegate

extension GreetingViewController: TextFieldDelegate {
    func textFieldDidChange(_ textField: TextField) {
        trace(.view, self, "\(textField.title) edited")
        if textField === formView.firstNameField {
            eventHandler.didEditFirstName(textField.text)
        } else {
            eventHandler.didEditLastName(textField.text)
        }
    }

    /// Enter moves to the next view: pure view behaviour, nothing for the presenter.
    func textFieldShouldReturn(_ textField: TextField) -> Bool {
        textField.window?.moveFocus(forward: true)
        return false
    }
}

// MARK: - GreetingView

extension GreetingViewController: GreetingView {
    func showNames(firstName: String, lastName: String) {
        trace(.view, self, "fill the fields")
        formView.firstNameField.text = firstName
        formView.lastNameField.text = lastName
    }

    func showGreeting(_ text: String, isError: Bool) {
        trace(.view, self, text)
        formView.showGreeting(text, isError: isError)
    }

    func showStatus(_ text: String, isError: Bool) {
        trace(.view, self, text.isEmpty ? "clear status" : "status")
        formView.showStatus(text, isError: isError)
    }

    func showNetworkBanner(_ text: String) {
        trace(.view, self, "network banner")
        formView.showNetworkBanner(text)
    }
}
