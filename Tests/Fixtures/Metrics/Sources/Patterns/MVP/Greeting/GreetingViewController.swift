final class GreetingViewController: GreetingView {
    var presenter: GreetingPresenter!
    func show(greeting: String) { label.text = greeting }
    func didPressGreet() { presenter.greet() }
}
