import Model
import Tracing

/// View → presenter, Orlov's `GreetingViewPresenter`: made with its view and the model, it shows
/// the greeting when the view asks. mvx adds the fields: filling them, and the user's edits.
@MainActor
protocol GreetingViewPresenter: AnyObject {
    init(view: any GreetingView, model: AppState)
    func showGreeting()
    /// The view loaded: tell it the names for its fields.
    func showNames()
    /// The user edited the names: they go into the model.
    func updateNames(firstName: String, lastName: String)
}

/// MVP's presenter: every decision of the screen lives here, what the greeting says and what an
/// edit does to the model. It knows the view only through `GreetingView`, so it is tested with a
/// spy and no terminal.
@MainActor
final class GreetingPresenter: GreetingViewPresenter {
    /// Weak where Orlov writes `unowned`: both say the view owns its presenter (a strong reference
    /// back would be a cycle); weak makes a call after the view is gone do nothing, not crash.
    private weak var view: (any GreetingView)?
    /// Orlov's `person`: here the shared model that holds it, so an edit outlives a pattern switch.
    private let model: AppState

    init(view: any GreetingView, model: AppState) {
        self.view = view
        self.model = model
    }

    func showGreeting() {
        @Traced(.presenter, self, "build the greeting") var call
        guard let (first, last) = model.person.greetingNames else {
            view?.setWarning("Please enter a first and a last name.")
            return
        }
        view?.setGreeting("Hello" + " " + first + " " + last)
    }

    func showNames() {
        @Traced(.presenter, self, "names from the model") var call
        view?.setNames(firstName: model.person.firstName, lastName: model.person.lastName)
    }

    func updateNames(firstName: String, lastName: String) {
        @Traced(.presenter, self, "names → model") var call
        model.editPerson {
            $0.firstName = firstName
            $0.lastName = lastName
        }
    }
}
