final class GreetingPresenter: GreetingViewEventHandler, GreetingInteractorOutput {
    weak var view: GreetingView?
    var interactor: GreetingInteractorInput!
    func didTapGreet() { interactor.provideGreetingData() }
    func receive(_ data: GreetingData) { view?.show(greeting: "Hello, " + data.name) }
}
