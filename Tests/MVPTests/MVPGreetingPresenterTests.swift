import Model
import Testing
@testable import MVP

/// The greeting presenter with a spy view: every decision of the screen, tested without a
/// terminal, a view controller or a key press. This is what MVP buys.
@MainActor
@Suite("MVP: greeting presenter", .timeLimit(.minutes(1)))
struct MVPGreetingPresenterTests {
    /// Records what the presenter told the view.
    final class SpyGreetingView: GreetingView {
        var told: [String] = []
        func setGreeting(_ greeting: String) { told.append("greeting \(greeting)") }
        func setWarning(_ warning: String) { told.append("warning \(warning)") }
        func setNames(firstName: String, lastName: String) { told.append("names \(firstName) \(lastName)") }
    }

    let view = SpyGreetingView()

    @Test("showGreeting sets Orlov's greeting on the view")
    func showGreeting() {
        let presenter = GreetingPresenter(view: view, model: AppState())
        presenter.showGreeting()
        #expect(view.told == ["greeting Hello David Blaine"])
    }

    @Test("a missing name: the view is told the warning, and no greeting")
    func warning() {
        let presenter = GreetingPresenter(view: view, model: AppState(person: Person(id: "x", firstName: " ", lastName: "Blaine")))
        presenter.showGreeting()
        #expect(view.told == ["warning Please enter a first and a last name."])
    }

    @Test("the names: shown from the model, and an edit written into it")
    func names() {
        let model = AppState()
        let presenter = GreetingPresenter(view: view, model: model)
        presenter.showNames()
        presenter.updateNames(firstName: "谦", lastName: "刘")
        presenter.showGreeting()
        #expect(model.person.fullName == "谦 刘")
        #expect(view.told == ["names David Blaine", "greeting Hello 谦 刘"])
    }

    @Test("the presenter holds its view weakly: it never keeps a closed screen's view alive")
    func weakView() {
        var spy: SpyGreetingView? = SpyGreetingView()
        weak let released = spy
        let presenter = GreetingPresenter(view: spy!, model: AppState())
        spy = nil
        #expect(released == nil)
        presenter.showGreeting()  // a call after the view is gone does nothing
    }
}
