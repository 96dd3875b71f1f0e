import Model
import Tracing

/// VIPER's Presenter: turns what the user did into questions for the interactor, and what the
/// interactor answers into exactly what the view shows (`greeting + " " + subject`, the status
/// sentences). It owns the interactor and the router; it holds the view weakly, since the view
/// owns it. It knows no data source and no widget.
@MainActor
final class GreetingPresenter {
    weak var view: (any GreetingView)?
    let interactor: any GreetingInteractorInput
    let router: any GreetingRouting

    init(interactor: any GreetingInteractorInput, router: any GreetingRouting) {
        self.interactor = interactor
        self.router = router
    }
}

// MARK: - GreetingViewEventHandler

extension GreetingPresenter: GreetingViewEventHandler {
    func viewWillAppear() {
        trace(.presenter, self, "ask for the names")
        interactor.provideNames()
    }

    func didTapShowGreeting() {
        trace(.presenter, self, "ask for the greeting")
        interactor.provideGreeting()
    }

    func didEditFirstName(_ text: String) {
        trace(.presenter, self, "first name edited")
        interactor.updateFirstName(text)
    }

    func didEditLastName(_ text: String) {
        trace(.presenter, self, "last name edited")
        interactor.updateLastName(text)
    }

    func didRequestRetry() {
        trace(.presenter, self, "retry")
        interactor.reloadNames()
    }
}

// MARK: - GreetingInteractorOutput

extension GreetingPresenter: GreetingInteractorOutput {
    func didProvideNames(firstName: String, lastName: String) {
        trace(.presenter, self, "\(firstName) \(lastName)")
        view?.showNames(firstName: firstName, lastName: lastName)
    }

    func didStartLoadingNames() {
        trace(.presenter, self, "loading")
        view?.showStatus("Loading names …", isError: false)
    }

    func didFinishLoadingNames() {
        trace(.presenter, self, "loaded")
        view?.showStatus("", isError: false)
    }

    func didFailToLoadNames(reason: String) {
        trace(.presenter, self, "format the failure")
        view?.showStatus("Could not load the names: \(reason) Press r to retry.", isError: true)
    }

    func didProvideGreeting(_ greeting: GreetingData) {
        trace(.presenter, self, "format the greeting")
        view?.showGreeting(greeting.greeting + " " + greeting.subject, isError: false)
    }

    func didRejectNames() {
        trace(.presenter, self, "format the validation message")
        view?.showGreeting("Please enter a first and a last name.", isError: true)
    }

    func didProvideNetworkType(_ networkType: NetworkType) {
        trace(.presenter, self, "format the network banner")
        view?.showNetworkBanner(networkType.banner)
    }
}
