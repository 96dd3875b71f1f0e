final class GreetingViewModel {
    let greeting = Observable("")
    let person: Person
    func greet() { greeting.value = "Hello, " + person.name }
}
