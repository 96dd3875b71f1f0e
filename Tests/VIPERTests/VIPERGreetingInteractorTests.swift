import Model
import Testing
@testable import VIPER

/// The interactor with a spy output and a model of the test's own: the business rule and the data
/// access, tested without a presenter, a view or a terminal.
@MainActor
@Suite("VIPER: greeting interactor", .timeLimit(.minutes(1)))
struct VIPERGreetingInteractorTests {
    /// Records what the interactor told its output.
    final class SpyGreetingOutput: GreetingOutput {
        var received: [String] = []
        func receiveGreetingData(_ greetingData: GreetingData) {
            received.append("\(greetingData.greeting) | \(greetingData.subject)")
        }
        func receiveMissingName() { received.append("missing name") }
        func receiveNames(firstName: String, lastName: String) { received.append("names \(firstName) \(lastName)") }
    }

    let output = SpyGreetingOutput()

    func makeInteractor(_ model: AppState) -> GreetingInteractor {
        let interactor = GreetingInteractor(model: model)
        interactor.output = output
        return interactor
    }

    @Test("provideGreetingData: the greeting word and the subject, as plain data, trimmed")
    func greetingData() {
        makeInteractor(AppState(person: Person(id: "x", firstName: " David", lastName: "Blaine "))).provideGreetingData()
        #expect(output.received == ["Hello | David Blaine"])
    }

    @Test("a missing name: no greeting data, the output hears why")
    func missingName() {
        makeInteractor(AppState(person: Person(id: "x", firstName: "", lastName: "Blaine"))).provideGreetingData()
        #expect(output.received == ["missing name"])
    }

    @Test("the names: provided from the entity, and an edit written into it")
    func names() {
        let model = AppState()
        let interactor = makeInteractor(model)
        interactor.provideNames()
        interactor.updateNames(firstName: "谦", lastName: "刘")
        #expect(model.person.fullName == "谦 刘")
        #expect(output.received == ["names David Blaine"])
    }

    @Test("the output is held weakly: the presenter owns the interactor, not the other way round")
    func weakOutput() {
        let interactor = GreetingInteractor(model: AppState())
        do {
            let output = SpyGreetingOutput()
            interactor.output = output
        }
        #expect(interactor.output == nil)
    }
}
