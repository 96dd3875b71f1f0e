import ScreenViews
import Testing

@Test func greets() {
    let controller = GreetingViewController()
    controller.didPressGreet()
    #expect(controller.label.text == "Hello, David")
}
