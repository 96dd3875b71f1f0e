import Model
import Tracing

/// MVVM's greeting view model, Orlov's `GreetingViewModel`: it turns the model into what the view
/// shows and tells whoever listens when that changes. It imports no view layer and holds no view,
/// which is the whole of MVVM's testability.
@MainActor
final class GreetingViewModel: GreetingViewModelProtocol {
    private(set) var greeting: String? {
        didSet {
            // Orlov's binding, by hand: the view model sets its output and calls whoever listens.
            @Traced(.viewModel, self, greetingDidChange == nil ? "set; no greetingDidChange bound" : "set → greetingDidChange",
                    function: "greeting") var call
            greetingDidChange?(self)
        }
    }
    private(set) var isWarning = false
    var greetingDidChange: ((any GreetingViewModelProtocol) -> Void)?
    /// Orlov's `person`: here the shared model that holds it, so an edit outlives a pattern switch.
    private let model: AppState

    init(model: AppState) {
        self.model = model
    }

    var firstName: String { model.person.firstName }
    var lastName: String { model.person.lastName }

    func showGreeting() {
        @Traced(.viewModel, self, "build the greeting") var call
        guard let (first, last) = model.person.greetingNames else {
            isWarning = true
            greeting = "Please enter a first and a last name."
            return
        }
        isWarning = false
        greeting = "Hello" + " " + first + " " + last
    }

    func updateNames(firstName: String, lastName: String) {
        @Traced(.viewModel, self, "names → model") var call
        model.editPerson {
            $0.firstName = firstName
            $0.lastName = lastName
        }
    }
}
