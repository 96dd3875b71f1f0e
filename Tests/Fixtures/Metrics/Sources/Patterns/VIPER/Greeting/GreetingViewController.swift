final class GreetingViewController: GreetingView {
    var eventHandler: GreetingViewEventHandler!
    func show(greeting: String) { label.text = greeting }
    func didPressGreet() { eventHandler.didTapGreet() }
}
