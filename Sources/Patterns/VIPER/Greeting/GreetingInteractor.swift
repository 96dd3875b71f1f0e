import Model
import Tracing

/// VIPER's interactor: the greeting's business rule and its only door to the data. The shared
/// model's `Person` is the module's entity (plain data, as VIPER asks). It formats nothing: it
/// hands plain values to its output.
@MainActor
final class GreetingInteractor: GreetingProvider {
    weak var output: (any GreetingOutput)?
    /// Where Orlov writes "usually comes from the data access layer": the shared model.
    private let model: AppState

    init(model: AppState) {
        self.model = model
    }

    func provideGreetingData() {
        trace(.interactor, self, "validate the person")
        guard let (first, last) = model.person.greetingNames else {
            output?.receiveMissingName()
            return
        }
        output?.receiveGreetingData(GreetingData(greeting: "Hello", subject: first + " " + last))
    }

    func provideNames() {
        trace(.interactor, self, "names from the entity")
        output?.receiveNames(firstName: model.person.firstName, lastName: model.person.lastName)
    }

    func updateNames(firstName: String, lastName: String) {
        trace(.interactor, self, "names → entity")
        model.editPerson {
            $0.firstName = firstName
            $0.lastName = lastName
        }
    }
}
