import Terminal
import Widgets

/// The greeting screen's view: two name fields, the button, the greeting line and a status line.
/// It has no behaviour of its own; each pattern decides who fills it and who listens to it.
@MainActor
public final class GreetingFormView: View {
    public let firstNameField = TextField(title: "First name", placeholder: "e.g. David")
    public let lastNameField = TextField(title: "Last name", placeholder: "e.g. Blaine")
    public let showGreetingButton = Button(title: "Show greeting")
    /// `Hello David Blaine`, or the validation message.
    public let greetingLabel = Label(style: Theme.title, numberOfLines: 0)
    /// `Loading names …`, or why they could not be loaded.
    public let statusLabel = Label(style: Theme.dim, numberOfLines: 0)
    /// The network type's banner ("On 2G — …", "Offline — …"); hidden, taking no row, when empty.
    public let networkBanner = Label(style: Theme.accent, numberOfLines: 0)

    private let stack = VerticalStack(spacing: 1, margin: 1)

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        networkBanner.isHidden = true
        for field in [firstNameField, lastNameField] {
            field.titleWidth = 11  // the two boxes start in the same column
        }
        for view in [networkBanner, firstNameField, lastNameField, showGreetingButton, greetingLabel, statusLabel] {
            addSubview(view)
        }
    }

    /// Shows the greeting, or a validation message in the error style.
    public func showGreeting(_ text: String, isError: Bool) {
        greetingLabel.style = isError ? Theme.error : Theme.title
        greetingLabel.text = text
    }

    /// Shows a status (empty clears it), in the error style when it reports a failure.
    public func showStatus(_ text: String, isError: Bool = false) {
        statusLabel.style = isError ? Theme.error : Theme.dim
        statusLabel.text = text
    }

    /// Shows the network banner; empty hides it. Every pattern shows the same `NetworkType.banner`.
    public func showNetworkBanner(_ text: String) {
        networkBanner.text = text
        networkBanner.isHidden = text.isEmpty
        setNeedsLayout()
    }

    public override func layoutSubviews() {
        stack.layout([networkBanner, firstNameField, lastNameField, showGreetingButton, greetingLabel, statusLabel],
                     in: bounds, filling: nil)
    }
}
