/// Decides.
final class GreetingPresenter {
    weak var view: GreetingView?

    func greet() {
        trace(.presenter, self, "greet")
        // formats
        view?.show("Hello")
    }
}
