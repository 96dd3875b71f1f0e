import Tracing

/// VIPER's presenter: turns what the user did into requests to the interactor, and what the
/// interactor gives back into exactly what the view shows (`greeting + " " + subject`). It holds
/// the view weakly, since the view owns it, and knows no data source and no widget.
@MainActor
final class GreetingPresenter: GreetingOutput, GreetingViewEventHandler {
    weak var view: (any GreetingView)?
    /// Strong: the presenter owns the interactor.
    var greetingProvider: (any GreetingProvider)!

    func didTapShowGreetingButton() {
        trace(.presenter, self, "ask for the greeting data")
        greetingProvider.provideGreetingData()
    }

    func receiveGreetingData(_ greetingData: GreetingData) {
        trace(.presenter, self, "format the greeting")
        view?.setGreeting(greetingData.greeting + " " + greetingData.subject)
    }

    func receiveMissingName() {
        trace(.presenter, self, "format the warning")
        view?.setWarning("Please enter a first and a last name.")
    }

    func didLoadView() {
        trace(.presenter, self, "ask for the names")
        greetingProvider.provideNames()
    }

    func receiveNames(firstName: String, lastName: String) {
        trace(.presenter, self, "\(firstName) \(lastName)")
        view?.setNames(firstName: firstName, lastName: lastName)
    }

    func didEditNames(firstName: String, lastName: String) {
        trace(.presenter, self, "names edited")
        greetingProvider.updateNames(firstName: firstName, lastName: lastName)
    }
}
