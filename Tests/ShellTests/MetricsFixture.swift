import SourceCatalog

/// A small, fixed set of pattern sources and unit tests for the metrics goldens: the goldens check
/// how the figures are laid out and ranked, so they run over files that never change, and an edit to
/// the real pattern code cannot break them. (The live report over the embedded catalogue has a test
/// of its own in `MetricsPanelTests`.) Every pattern has a greeting and a listings file, and every
/// role the real code has appears at least once, so each column and criterion has a figure.
enum MetricsFixture {
    static let files: [SourceFile] = mvc + mvp + mvvm + viper

    private static func source(_ pattern: String, _ path: String, _ text: String) -> SourceFile {
        SourceFile(module: pattern, path: "Sources/Patterns/\(pattern)/\(path)", text: text)
    }

    private static func test(_ pattern: String, _ name: String, _ text: String) -> SourceFile {
        SourceFile(module: "\(pattern)Tests", path: "Tests/\(pattern)Tests/\(name)", text: text)
    }

    private static let mvc: [SourceFile] = [
        source("MVC", "MVCPattern.swift", """
            enum MVCPattern {
                static let builders = [Greeting: GreetingBuilder.build]
            }
            """),
        source("MVC", "Greeting/GreetingViewController.swift", """
            final class GreetingViewController {
                let label = Label()
                var person: Person
                func viewDidLoad() { label.text = person.name }
                func didPressGreet() {
                    person.greeted = true
                    label.text = "Hello, " + person.name
                    navigation.push(next)
                }
            }
            """),
        source("MVC", "Greeting/GreetingBuilder.swift", """
            enum GreetingBuilder {
                static func build() -> GreetingViewController { GreetingViewController() }
            }
            """),
        source("MVC", "Listings/ListingsViewController.swift", """
            final class ListingsViewController {
                var rows: [Row] = []
                func viewDidLoad() { manager.loadFirstPage() }
                func managerDidSucceed() { rows = manager.rows; table.reload() }
                func managerDidFail() { status.text = "failed" }
            }
            """),
        test("MVC", "MVCGreetingViewControllerTests.swift", """
            import ScreenViews
            import Testing

            @Test func greets() {
                let controller = GreetingViewController()
                controller.didPressGreet()
                #expect(controller.label.text == "Hello, David")
            }
            """),
        test("MVC", "MVCModelTests.swift", """
            import Testing

            @Test func personStartsUngreeted() { #expect(!Person().greeted) }
            @Test func personKeepsItsName() { #expect(Person().name == "David") }
            """),
    ]

    private static let mvp: [SourceFile] = [
        source("MVP", "MVPPattern.swift", """
            enum MVPPattern {
                static let builders = [Greeting: GreetingBuilder.build]
            }
            """),
        source("MVP", "Greeting/GreetingView.swift", """
            protocol GreetingView: AnyObject {
                func show(greeting: String)
            }
            """),
        source("MVP", "Greeting/GreetingViewController.swift", """
            final class GreetingViewController: GreetingView {
                var presenter: GreetingPresenter!
                func show(greeting: String) { label.text = greeting }
                func didPressGreet() { presenter.greet() }
            }
            """),
        source("MVP", "Greeting/GreetingPresenter.swift", """
            final class GreetingPresenter {
                weak var view: GreetingView?
                let person: Person
                func greet() {
                    let greeting = "Hello, " + person.name
                    view?.show(greeting: greeting)
                }
            }
            """),
        source("MVP", "Greeting/GreetingBuilder.swift", """
            enum GreetingBuilder {
                static func build() -> GreetingViewController {
                    let view = GreetingViewController()
                    view.presenter = GreetingPresenter(view: view)
                    return view
                }
            }
            """),
        source("MVP", "Listings/ListingsRouter.swift", """
            final class ListingsRouter {
                func openDetail(_ listing: Listing) { navigation.push(detail(listing)) }
            }
            """),
        test("MVP", "MVPGreetingPresenterTests.swift", """
            import Testing

            @Test func greets() {
                let view = ViewSpy()
                GreetingPresenter(view: view).greet()
                #expect(view.greeting == "Hello, David")
            }
            @Test func greetsOnce() { #expect(ViewSpy().calls.isEmpty) }
            """),
        test("MVP", "MVPListingsRouterTests.swift", """
            import Testing

            @Test func opensDetail() { #expect(ListingsRouter().opened == nil) }
            """),
    ]

    private static let mvvm: [SourceFile] = [
        source("MVVM", "MVVMPattern.swift", """
            enum MVVMPattern {
                static let builders = [Greeting: GreetingBuilder.build]
            }
            """),
        source("MVVM", "Binding/Observable.swift", """
            final class Observable<Value> {
                var value: Value { didSet { observers.forEach { $0(value) } } }
                private var observers: [(Value) -> Void] = []
                func bind(_ observer: @escaping (Value) -> Void) { observers.append(observer) }
            }
            """),
        source("MVVM", "Greeting/GreetingViewModel.swift", """
            final class GreetingViewModel {
                let greeting = Observable("")
                let person: Person
                func greet() { greeting.value = "Hello, " + person.name }
            }
            """),
        source("MVVM", "Greeting/GreetingViewController.swift", """
            final class GreetingViewController {
                let viewModel: GreetingViewModel
                func viewDidLoad() { viewModel.greeting.bind { [label] in label.text = $0 } }
                func didPressGreet() { viewModel.greet() }
            }
            """),
        source("MVVM", "Listings/ListingsCoordinator.swift", """
            final class ListingsCoordinator {
                func showDetail(_ listing: Listing) { navigation.push(detail(listing)) }
            }
            """),
        test("MVVM", "MVVMGreetingViewModelTests.swift", """
            import Testing

            @Test func greets() {
                let viewModel = GreetingViewModel()
                viewModel.greet()
                #expect(viewModel.greeting.value == "Hello, David")
            }
            """),
        test("MVVM", "MVVMObservableTests.swift", """
            import Testing

            @Test func tellsObservers() { #expect(Observable(1).value == 1) }
            """),
    ]

    private static let viper: [SourceFile] = [
        source("VIPER", "VIPERPattern.swift", """
            enum VIPERPattern {
                static let builders = [Greeting: GreetingBuilder.build]
            }
            """),
        source("VIPER", "Greeting/GreetingViewController.swift", """
            final class GreetingViewController: GreetingView {
                var eventHandler: GreetingViewEventHandler!
                func show(greeting: String) { label.text = greeting }
                func didPressGreet() { eventHandler.didTapGreet() }
            }
            """),
        source("VIPER", "Greeting/GreetingView.swift", """
            protocol GreetingView: AnyObject {
                func show(greeting: String)
            }
            """),
        source("VIPER", "Greeting/GreetingViewEventHandler.swift", """
            protocol GreetingViewEventHandler: AnyObject {
                func didTapGreet()
            }
            """),
        source("VIPER", "Greeting/GreetingPresenter.swift", """
            final class GreetingPresenter: GreetingViewEventHandler, GreetingInteractorOutput {
                weak var view: GreetingView?
                var interactor: GreetingInteractorInput!
                func didTapGreet() { interactor.provideGreetingData() }
                func receive(_ data: GreetingData) { view?.show(greeting: "Hello, " + data.name) }
            }
            """),
        source("VIPER", "Greeting/GreetingInteractor.swift", """
            final class GreetingInteractor: GreetingInteractorInput {
                weak var output: GreetingInteractorOutput?
                let person: Person
                func provideGreetingData() { output?.receive(GreetingData(name: person.name)) }
            }
            """),
        source("VIPER", "Greeting/GreetingData.swift", """
            struct GreetingData {
                let name: String
            }
            """),
        source("VIPER", "Greeting/GreetingBuilder.swift", """
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
            """),
        source("VIPER", "Listings/ListingsRouter.swift", """
            final class ListingsRouter {
                func openDetail(_ listing: Listing) { navigation.push(detail(listing)) }
            }
            """),
        test("VIPER", "VIPERGreetingPresenterTests.swift", """
            import Testing

            @Test func formats() { #expect(GreetingPresenter().formatted("David") == "Hello, David") }
            """),
        test("VIPER", "VIPERGreetingInteractorTests.swift", """
            import Testing

            @Test func provides() {
                let output = OutputSpy()
                GreetingInteractor(output: output).provideGreetingData()
                #expect(output.data?.name == "David")
            }
            @Test func providesOnce() { #expect(OutputSpy().calls == 0) }
            """),
    ]
}
