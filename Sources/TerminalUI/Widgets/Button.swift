import Terminal
import Tracing

/// A pressable control drawn as `[ Title ]`, highlighted when focused. Enter or Space sends its
/// actions to the targets, UIKit-style.
@MainActor
package final class Button: View {
    /// The text between the brackets.
    package var title: String { didSet { if title != oldValue { setNeedsDisplay() } } }
    /// A disabled button is dimmed, cannot take focus and sends nothing.
    package var isEnabled = true { didSet { setNeedsDisplay() } }

    private var actions: [TargetAction] = []

    /// Creates a button; its natural size is the bracketed title.
    package init(title: String, frame: Rect = .zero) {
        self.title = title
        super.init(frame: frame)
    }

    /// Sends `action` to `target` on every press. The target is held weakly: once it is gone
    /// the pair is skipped.
    ///
    ///     button.addTarget(self, action: GreetingViewController.didTapButton)
    package func addTarget<T: AnyObject>(_ target: T, action: @escaping @MainActor (T) -> () -> Void) {
        actions.removeAll { !$0.isAlive }
        actions.append(TargetAction(target: target, action: action))
    }

    /// Presses the button as the keyboard would: records the tap and sends the actions.
    package func sendActions() {
        guard isEnabled else { return }
        @Traced(.view, self, "tap [\(title)]") var call
        for action in actions { action() }
    }

    /// Enabled buttons take focus.
    package override var canBecomeFocused: Bool { isEnabled }

    /// Enter or Space press the button; other keys go up the chain.
    package override func handleKey(_ key: Key) -> Bool {
        switch key {
        case .enter, .character(" "):
            sendActions()
            return true
        default:
            return false
        }
    }

    /// A click on the bracketed title focuses the button and presses it, as Enter does: the same
    /// `sendActions`. The row beside the title (a stack gives the button the whole width) is not
    /// the button to the eye, so a click there does nothing.
    package override func handleMouse(_ event: MouseEvent) -> Bool {
        guard event.isClick, isEnabled, event.position.x < DisplayWidth.of(label) else { return false }
        window?.focus(self)
        sendActions()
        return true
    }

    /// The bracketed title's width, one row.
    package override func sizeThatFits(_ size: Size) -> Size {
        Size(width: DisplayWidth.of(label), height: 1)
    }

    /// Draws `[ Title ]`, highlighted when focused, dimmed when disabled.
    package override func draw(in canvas: Canvas) {
        let style = !isEnabled ? Theme.dim : isFocused ? Theme.focused : Theme.plain
        canvas.draw(label, at: .zero, style: style)
    }

    private var label: String { "[ \(title) ]" }
}
