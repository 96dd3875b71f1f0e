import Model
import ScreenViews
import Testing
import Widgets
@testable import MVVM

/// The binding, tested once on the greeting's view controller with a stub view model: setting the
/// view model installs `greetingDidChange`, which shows the greeting; the button reaches the view
/// model itself and edits reach its input. Everything else is the view model's, tested without a view.
@MainActor
@Suite("MVVM: greeting view controller binds")
struct MVVMGreetingViewControllerTests {
    /// A view model the test drives by hand, recording the calls the view makes.
    final class StubGreetingViewModel: GreetingViewModelProtocol {
        var greeting: String?
        var isWarning = false
        var greetingDidChange: ((any GreetingViewModelProtocol) -> Void)?
        let firstName = "Ada"
        let lastName = "Lovelace"
        private(set) var calls: [String] = []

        init(model: AppState) {}
        func showGreeting() { calls.append("showGreeting") }
        func updateNames(firstName: String, lastName: String) { calls.append("names \(firstName) \(lastName)") }
    }

    @Test("setting the view model installs the binding: a change shows in the label")
    func bindingShowsTheGreeting() {
        let viewModel = StubGreetingViewModel(model: AppState())
        let view = GreetingViewController()
        view.viewModel = viewModel
        Window(rootViewController: view).appear()
        let form = view.view as! GreetingFormView
        #expect(form.firstNameField.text == "Ada")
        viewModel.greeting = "Hello Ada Lovelace"
        viewModel.greetingDidChange?(viewModel)
        #expect(form.greetingLabel.text == "Hello Ada Lovelace")
    }

    @Test("the button goes straight to the view model; an edit reaches its input")
    func eventsReachTheViewModel() {
        let viewModel = StubGreetingViewModel(model: AppState())
        let view = GreetingViewController()
        view.viewModel = viewModel
        let window = Window(rootViewController: view)
        window.appear()
        let form = view.view as! GreetingFormView
        form.showGreetingButton.sendActions()
        _ = form.lastNameField.handleKey(.character("!"))
        #expect(viewModel.calls == ["showGreeting", "names Ada Lovelace!"])
    }

    @Test("the binding holds the view weakly: a view model that outlives its view calls nothing")
    func weakBinding() {
        let viewModel = StubGreetingViewModel(model: AppState())
        weak var released: GreetingViewController?
        do {
            let view = GreetingViewController()
            view.viewModel = viewModel
            released = view
        }
        #expect(released == nil)
        viewModel.greetingDidChange?(viewModel)  // the installed closure finds no view
    }
}
