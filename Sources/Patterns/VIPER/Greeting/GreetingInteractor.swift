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
        @Traced(.interactor, self, "validate the person") var call
        guard let (first, last) = model.person.greetingNames else {
            output?.receiveMissingName()
            return
        }
        output?.receiveGreetingData(GreetingData(greeting: "Hello", subject: first + " " + last))
    }

    func provideNames() {
        @Traced(.interactor, self, "names from the entity") var call
        output?.receiveNames(firstName: model.person.firstName, lastName: model.person.lastName)
    }

    func updateNames(firstName: String, lastName: String) {
        @Traced(.interactor, self, "names → entity") var call
        model.editPerson {
            $0.firstName = firstName
            $0.lastName = lastName
        }
    }
}
