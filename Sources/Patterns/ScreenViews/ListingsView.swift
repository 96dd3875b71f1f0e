import Terminal
import Widgets

/// The property list's view: the source control, the district filter's line, a status line and the list. The list's data
/// source and delegate, and the control's target, are whoever the pattern makes them.
@MainActor
package final class ListingsView: View {
    /// The source labels, in `ListingSource` order.
    package static let sourceLabels = ["Rent", "New homes", "Second-hand", "All"]

    package let sourceControl = SegmentedControl(segments: ListingsView.sourceLabels)
    /// The district filter: `District: any · d: next`.
    package let districtLabel = Label(style: Theme.dim)
    /// `Loading Rent listings …`, `No listings.`, or why they could not be loaded.
    package let statusLabel = Label(style: Theme.dim, numberOfLines: 0)
    /// The network type's banner ("On 2G — …", "Offline — …"); hidden, taking no row, when empty.
    package let networkBanner = Label(style: Theme.accent, numberOfLines: 0)
    package let listView = ListView()

    private let stack = VerticalStack(spacing: 0, margin: 1)

    package override init(frame: Rect = .zero) {
        super.init(frame: frame)
        networkBanner.isHidden = true
        for view in [networkBanner, sourceControl, districtLabel, statusLabel, listView] as [View] { addSubview(view) }
    }

    /// Shows a status (empty clears it), in the error style when it reports a failure.
    package func showStatus(_ text: String, isError: Bool = false) {
        statusLabel.style = isError ? Theme.error : Theme.dim
        statusLabel.text = text
    }

    /// Shows the district filter's line (`DistrictFilter.label(for:)` in every pattern).
    package func showDistrict(_ text: String) {
        districtLabel.text = text
    }

    /// Shows the network banner; empty hides it. Every pattern shows the same `NetworkType.banner`.
    package func showNetworkBanner(_ text: String) {
        networkBanner.text = text
        networkBanner.isHidden = text.isEmpty
        setNeedsLayout()
    }

    package override func layoutSubviews() {
        stack.layout([networkBanner, sourceControl, districtLabel, statusLabel, listView], in: bounds, filling: listView)
    }
}
