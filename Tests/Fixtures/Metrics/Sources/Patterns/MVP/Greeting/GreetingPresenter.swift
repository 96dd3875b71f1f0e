final class GreetingPresenter {
    weak var view: GreetingView?
    let person: Person
    func greet() {
        trace(.presenter, self, "greet")
        let greeting = "Hello, " + person.name
        view?.show(greeting: greeting)
    }
}
