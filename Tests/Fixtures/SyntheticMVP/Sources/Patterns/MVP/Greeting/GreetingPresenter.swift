/// Decides.
final class GreetingPresenter {
    weak var view: GreetingView?

    func greet() {
        @Traced(.presenter, self, "greet") var call
        // formats
        view?.show("Hello")
    }
}
