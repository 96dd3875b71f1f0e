import Terminal
import Testing
import Widgets

/// A controller written the way the pattern modules write theirs: a form assembled with a
/// stack, target-action on the button, a delegate on the fields.
@MainActor
private final class GreetingViewController: ViewController, TextFieldDelegate {
    private let greeting = Label(text: "Who are you?", numberOfLines: 0)
    private let firstName = TextField(title: "First name")
    private let lastName = TextField(title: "Last name")
    private let showGreeting = Button(title: "Show greeting")
    private(set) var edits = 0

    override func loadView() {
        for field in [firstName, lastName] { field.titleWidth = 10 }
        view = StackView(arrangedSubviews: [greeting, firstName, lastName, showGreeting], spacing: 1, margin: 1)
    }

    override func viewDidLoad() {
        title = "Greeting"
        firstName.delegate = self
        lastName.delegate = self
        showGreeting.addTarget(self, action: GreetingViewController.didTapShowGreeting)
    }

    func textFieldDidChange(_ textField: TextField) { edits += 1 }

    func didTapShowGreeting() {
        greeting.text = "Hello, \(firstName.text) \(lastName.text)!"
    }
}

@MainActor
@Suite struct GreetingFormTests {
    @Test func typingMovingDownAndPressingTheButtonUpdatesTheScreen() {
        let controller = GreetingViewController()
        let window = Window(rootViewController: NavigationController(rootViewController: controller))
        window.appear()
        window.handleKey(.down)  // from the button (a screen starts outside its text fields) round to the first name
        for character in "伟" { window.handleKey(.character(character)) }
        window.handleKey(.down)
        for character in "张" { window.handleKey(.character(character)) }
        window.handleKey(.down)
        window.handleKey(.enter)
        let screen = render(window, size: Size(width: 30, height: 9))
        #expect(lines(screen) == [
            "Greeting",
            "",
            " Hello, 伟 张!",
            "",
            " First name [伟             ]",
            "",
            " Last name  [张             ]",
            "",
            " [ Show greeting ]",
        ])
        #expect(controller.edits == 2)
        #expect(screen.cursor == nil)  // the button has focus: no text cursor
    }
}
