final class GreetingInteractor: GreetingInteractorInput {
    weak var output: GreetingInteractorOutput?
    let person: Person
    func provideGreetingData() {
        @Traced(.interactor, self,
              "greeting data") var call
        output?.receive(GreetingData(name: person.name))
    }
}
