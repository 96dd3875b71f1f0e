protocol GreetingView: AnyObject {
    func show(_ text: String)
}
