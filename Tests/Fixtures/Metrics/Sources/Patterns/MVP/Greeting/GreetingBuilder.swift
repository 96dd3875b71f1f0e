enum GreetingBuilder {
    static func build() -> GreetingViewController {
        let view = GreetingViewController()
        view.presenter = GreetingPresenter(view: view)
        return view
    }
}
