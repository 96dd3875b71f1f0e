final class GreetingInteractor: GreetingInteractorInput {
    weak var output: GreetingInteractorOutput?
    let person: Person
    func provideGreetingData() { output?.receive(GreetingData(name: person.name)) }
}
