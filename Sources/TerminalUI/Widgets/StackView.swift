import Terminal

/// A view that stacks its arranged subviews vertically with a `VerticalStack`: a form in one
/// expression.
///
///     view = StackView(arrangedSubviews: [greeting, firstName, lastName, showButton], spacing: 1)
@MainActor
package final class StackView: View {
    /// The views laid out, top to bottom (all are subviews).
    package private(set) var arrangedSubviews: [View] = []
    /// The layout used: spacing and margin.
    package var stack: VerticalStack { didSet { setNeedsLayout() } }
    /// The arranged view that takes the height left over, if any.
    package weak var flexibleView: View? { didSet { setNeedsLayout() } }

    /// Creates a stack of `arrangedSubviews`.
    package init(arrangedSubviews: [View] = [], spacing: Int = 1, margin: Int = 0, flexibleView: View? = nil) {
        self.stack = VerticalStack(spacing: spacing, margin: margin)
        self.flexibleView = flexibleView
        super.init()
        for view in arrangedSubviews { addArrangedSubview(view) }
    }

    /// Adds `view` at the bottom of the stack.
    package func addArrangedSubview(_ view: View) {
        arrangedSubviews.append(view)
        addSubview(view)
    }

    /// Removes `view` from the stack and from the hierarchy.
    package func removeArrangedSubview(_ view: View) {
        arrangedSubviews.removeAll { $0 === view }
        view.removeFromSuperview()
    }

    /// Stacks the arranged subviews with `stack`.
    package override func layoutSubviews() {
        stack.layout(arrangedSubviews, in: bounds, filling: flexibleView)
    }

    /// The full width and the height the arranged subviews need.
    package override func sizeThatFits(_ size: Size) -> Size {
        Size(width: size.width, height: stack.height(of: arrangedSubviews, width: size.width))
    }
}
