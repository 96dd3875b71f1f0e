import ModelServices

/// What the listings presenter may tell its view (presenter → view): plain strings and indices,
/// already formatted (a row is the `PropertyListReformer`'s strings). The view turns rows into
/// cells and decides nothing.
///
/// MVP's name for the View role; the shared drawing view it is built on is
/// `ScreenViews.ListingsView`, named module-qualified where both are in sight.
@MainActor
protocol ListingsView: AnyObject {
    /// Shows `index` as the chosen source, in `ListingSource.allCases` order.
    func showSource(at index: Int)
    /// Shows the status line (empty clears it), in the error style for a failure.
    func showStatus(_ text: String, isError: Bool)
    /// Replaces the rows and selects `selectedRow` (nil: no selection).
    func showRows(_ rows: [[PropertyListKey: String]], selectedRow: Int?)
    /// Shows a dim line under the last row (`loading more …`), or none.
    func showFooter(_ text: String?)
    /// Shows the network banner (empty hides it).
    func showNetworkBanner(_ text: String)
    /// Shows the district filter's line.
    func showDistrict(_ text: String)
}
