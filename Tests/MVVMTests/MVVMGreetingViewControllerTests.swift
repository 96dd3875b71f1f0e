import ScreenViews
import Testing
import Widgets
@testable import MVVM

/// The binding, tested once on the greeting's view controller with a stub view model: outputs set
/// in the stub show in the form, and the form's events reach the stub's inputs. Everything else the
/// screen does is the view model's, tested without a view.
@MainActor
@Suite("MVVM: greeting view controller binds")
struct MVVMGreetingViewControllerTests {
    /// A view model the test sets by hand, recording the inputs the view calls.
    final class StubGreetingViewModel: GreetingViewModelProtocol {
        let firstName = Observable("Ada")
        let lastName = Observable("Lovelace")
        let greeting = Observable(DisplayText.empty)
        let status = Observable(DisplayText.empty)
        let networkBanner = Observable("")
        private(set) var inputs: [String] = []

        func viewWillAppear() { inputs.append("viewWillAppear") }
        func update(firstName: String) { inputs.append("first \(firstName)") }
        func update(lastName: String) { inputs.append("last \(lastName)") }
        func showGreeting() { inputs.append("showGreeting") }
        func retry() { inputs.append("retry") }
    }

    let viewModel = StubGreetingViewModel()

    /// The view controller on screen, and the form it loaded.
    func makeScreen() -> (GreetingViewController, GreetingFormView, Window) {
        let viewController = GreetingViewController(viewModel: viewModel)
        let window = Window(rootViewController: viewController)
        window.appear()
        return (viewController, viewController.view as! GreetingFormView, window)
    }

    @Test("the form shows the outputs when bound, and follows every change")
    func outputsReachTheForm() {
        let (viewController, form, _) = makeScreen()
        #expect(form.firstNameField.text == "Ada")
        #expect(form.lastNameField.text == "Lovelace")
        viewModel.greeting.value = DisplayText("Hello Ada Lovelace")
        viewModel.status.value = DisplayText("Could not load the names.", isError: true)
        #expect(form.greetingLabel.text == "Hello Ada Lovelace")
        #expect(form.statusLabel.text == "Could not load the names.")
        withExtendedLifetime(viewController) {}  // the binding holds the view controller weakly
    }

    @Test("the form's events reach the inputs: the button straight to the view model, edits, r (the view model decides)")
    func eventsReachTheInputs() {
        let (viewController, form, _) = makeScreen()
        form.showGreetingButton.sendActions()
        _ = form.lastNameField.handleKey(.character("!"))
        #expect(viewController.handleKey(.character("r")))
        #expect(!viewController.handleKey(.character("q")))  // not the screen's key
        #expect(viewModel.inputs == ["viewWillAppear", "showGreeting", "last Lovelace!", "retry"])
    }
}
