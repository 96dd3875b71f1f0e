final class GreetingViewController {
    let viewModel: GreetingViewModel
    func viewDidLoad() { viewModel.greeting.bind { [label] in label.text = $0 } }
    func didPressGreet() { viewModel.greet() }
}
