protocol GreetingViewEventHandler: AnyObject {
    func didTapGreet()
}
