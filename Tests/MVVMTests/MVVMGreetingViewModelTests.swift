import Model
import Testing
@testable import MVVM

/// The greeting view model without any view: call its action, read its state, count the calls to
/// the closure a view would install. This is what MVVM buys.
@MainActor
@Suite("MVVM: greeting view model", .timeLimit(.minutes(1)))
struct MVVMGreetingViewModelTests {
    @Test("showGreeting sets the greeting, and greetingDidChange fires once")
    func greeting() {
        let viewModel = GreetingViewModel(model: AppState())
        var heard: [String?] = []
        viewModel.greetingDidChange = { heard.append($0.greeting) }
        #expect(viewModel.greeting == nil)
        viewModel.showGreeting()
        #expect(viewModel.greeting == "Hello David Blaine")
        #expect(!viewModel.isWarning)
        #expect(heard == ["Hello David Blaine"])
    }

    @Test("a missing name: the greeting is the warning, marked as one")
    func warning() {
        let viewModel = GreetingViewModel(model: AppState(person: Person(id: "x", firstName: "David", lastName: "")))
        viewModel.showGreeting()
        #expect(viewModel.greeting == "Please enter a first and a last name.")
        #expect(viewModel.isWarning)
    }

    @Test("the names: read from the model, and an edit written into it")
    func names() {
        let model = AppState()
        let viewModel = GreetingViewModel(model: model)
        #expect((viewModel.firstName, viewModel.lastName) == ("David", "Blaine"))
        viewModel.updateNames(firstName: "谦", lastName: "刘")
        viewModel.showGreeting()
        #expect(model.person.fullName == "谦 刘")
        #expect(viewModel.greeting == "Hello 谦 刘")
    }
}
