final class GreetingViewController {
    let label = Label()
    var person: Person
    func viewDidLoad() { label.text = person.name }
    func didPressGreet() {
        person.greeted = true
        label.text = "Hello, " + person.name
        navigation.push(next)
    }
}
