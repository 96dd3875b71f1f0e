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
        @Traced(.presenter, self, "ask for the greeting data") var call
        greetingProvider.provideGreetingData()
    }

    func receiveGreetingData(_ greetingData: GreetingData) {
        @Traced(.presenter, self, "format the greeting") var call
        view?.setGreeting(greetingData.greeting + " " + greetingData.subject)
    }

    func receiveMissingName() {
        @Traced(.presenter, self, "format the warning") var call
        view?.setWarning("Please enter a first and a last name.")
    }

    func didLoadView() {
        @Traced(.presenter, self, "ask for the names") var call
        greetingProvider.provideNames()
    }

    func receiveNames(firstName: String, lastName: String) {
        @Traced(.presenter, self, "\(firstName) \(lastName)") var call
        view?.setNames(firstName: firstName, lastName: lastName)
    }

    func didEditNames(firstName: String, lastName: String) {
        @Traced(.presenter, self, "names edited") var call
        greetingProvider.updateNames(firstName: firstName, lastName: lastName)
    }
}
