import Terminal

/// The view of a `NavigationController`: a one-line breadcrumb, and the top controller's view
/// filling the rest.
@MainActor
final class NavigationContainerView: View {
    private weak var navigationController: NavigationController?

    /// The top controller's view, shown under the breadcrumb.
    var contentView: View? {
        didSet {
            guard contentView !== oldValue else { return }
            oldValue?.removeFromSuperview()
            if let contentView { addSubview(contentView) }
        }
    }

    init(navigationController: NavigationController) {
        self.navigationController = navigationController
        super.init()
    }

    override func layoutSubviews() {
        contentView?.frame = bounds.inset(top: 1)
    }

    override func draw(in canvas: Canvas) {
        canvas.draw(breadcrumb(width: canvas.size.width), at: .zero, width: canvas.size.width, style: Theme.title)
    }

    /// "Listings › 静安 loft", dropping the oldest titles (shown as "…") when it does not fit.
    private func breadcrumb(width: Int) -> String {
        var titles = navigationController?.viewControllers.map(\.displayTitle) ?? []
        var text = titles.joined(separator: " › ")
        while DisplayWidth.of(text) > width, titles.count > 1 {
            titles.removeFirst()
            text = (["…"] + titles).joined(separator: " › ")
        }
        return text
    }
}
