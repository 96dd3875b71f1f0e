enum GreetingBuilder {
    static func build() -> GreetingViewController {
        let view = GreetingViewController()
        let presenter = GreetingPresenter()
        let interactor = GreetingInteractor()
        view.eventHandler = presenter
        presenter.view = view
        presenter.interactor = interactor
        interactor.output = presenter
        return view
    }
}
