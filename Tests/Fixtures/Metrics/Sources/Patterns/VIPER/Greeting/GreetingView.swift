protocol GreetingView: AnyObject {
    func show(greeting: String)
}
