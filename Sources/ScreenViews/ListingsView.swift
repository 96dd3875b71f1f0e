import Terminal
import Widgets

/// The property list's view: the source control, the district filter's line, a status line and the list. The list's data
/// source and delegate, and the control's target, are whoever the pattern makes them.
@MainActor
public final class ListingsView: View {
    /// The source labels, in `ListingSource` order.
    public static let sourceLabels = ["Rent", "New homes", "Second-hand", "All"]

    public let sourceControl = SegmentedControl(segments: ListingsView.sourceLabels)
    /// The district filter: `District: any · d: next`.
    public let districtLabel = Label(style: Theme.dim)
    /// `Loading Rent listings …`, `No listings.`, or why they could not be loaded.
    public let statusLabel = Label(style: Theme.dim, numberOfLines: 0)
    /// The network type's banner ("On 2G — …", "Offline — …"); hidden, taking no row, when empty.
    public let networkBanner = Label(style: Theme.accent, numberOfLines: 0)
    public let listView = ListView()

    private let stack = VerticalStack(spacing: 0, margin: 1)

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        networkBanner.isHidden = true
        for view in [networkBanner, sourceControl, districtLabel, statusLabel, listView] as [View] { addSubview(view) }
    }

    /// Shows a status (empty clears it), in the error style when it reports a failure.
    public func showStatus(_ text: String, isError: Bool = false) {
        statusLabel.style = isError ? Theme.error : Theme.dim
        statusLabel.text = text
    }

    /// Shows the district filter's line (`DistrictFilter.label(for:)` in every pattern).
    public func showDistrict(_ text: String) {
        districtLabel.text = text
    }

    /// Shows the network banner; empty hides it. Every pattern shows the same `NetworkType.banner`.
    public func showNetworkBanner(_ text: String) {
        networkBanner.text = text
        networkBanner.isHidden = text.isEmpty
        setNeedsLayout()
    }

    public override func layoutSubviews() {
        stack.layout([networkBanner, sourceControl, districtLabel, statusLabel, listView], in: bounds, filling: listView)
    }
}
