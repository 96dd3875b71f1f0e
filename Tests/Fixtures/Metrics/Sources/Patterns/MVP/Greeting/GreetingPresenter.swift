final class GreetingPresenter {
    weak var view: GreetingView?
    let person: Person
    func greet() {
        @Traced(.presenter, self, "greet") var call
        let greeting = "Hello, " + person.name
        view?.show(greeting: greeting)
    }
}
