final class GreetingInteractor: GreetingInteractorInput {
    weak var output: GreetingInteractorOutput?
    let person: Person
    func provideGreetingData() {
        trace(.interactor, self,
              "greeting data")
        output?.receive(GreetingData(name: person.name))
    }
}
