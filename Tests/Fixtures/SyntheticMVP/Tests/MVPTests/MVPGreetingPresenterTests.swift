import Testing
@Suite struct MVPGreetingPresenterTests {
    @Test func greets() {
        _ = GreetingPresenter(view: GreetingViewController())
    }
    @Test func twice() {}
    @Test func buildsTheModule() {
        GreetingBuilder.build()
    }
    @Test func throughHelper() {
        _ = makePresenter()
    }
    func makePresenter() -> GreetingPresenter {
        let view = GreetingViewController()
        return GreetingPresenter(view: view)
    }
}
