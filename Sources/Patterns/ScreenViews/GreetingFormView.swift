import Terminal
import Widgets

/// The greeting screen's view: Orlov's button and label, and the two name fields mvx adds so the
/// person can be edited. It has no behaviour of its own beyond the keyboard's (Enter in a field
/// moves on); each pattern decides who fills it and who listens to it.
@MainActor
package final class GreetingFormView: View, TextFieldDelegate {
    package let firstNameField = TextField(title: "First name", placeholder: "e.g. David")
    package let lastNameField = TextField(title: "Last name", placeholder: "e.g. Blaine")
    package let showGreetingButton = Button(title: "Show greeting")
    /// `Hello David Blaine`, or the warning that a name is missing.
    package let greetingLabel = Label(style: Theme.title, numberOfLines: 0)

    private let stack = VerticalStack(spacing: 1, margin: 1)

    package override init(frame: Rect = .zero) {
        super.init(frame: frame)
        for field in [firstNameField, lastNameField] {
            field.titleWidth = 11  // the two boxes start in the same column
            field.delegate = self
        }
        for view in [firstNameField, lastNameField, showGreetingButton, greetingLabel] as [View] {
            addSubview(view)
        }
    }

    /// Shows the greeting, or a warning in the error style.
    package func showGreeting(_ text: String, isWarning: Bool = false) {
        greetingLabel.style = isWarning ? Theme.error : Theme.title
        greetingLabel.text = text
    }

    /// Enter in a field moves on to the next view: keyboard behaviour, no business in it.
    package func textFieldShouldReturn(_ textField: TextField) -> Bool {
        textField.window?.moveFocus(forward: true)
        return false
    }

    package override func layoutSubviews() {
        stack.layout([firstNameField, lastNameField, showGreetingButton, greetingLabel], in: bounds, filling: nil)
    }
}
