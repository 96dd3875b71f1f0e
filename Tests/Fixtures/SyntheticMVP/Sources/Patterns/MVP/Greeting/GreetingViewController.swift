final class GreetingViewController: GreetingView {
    func show(_ text: String) {}
}
