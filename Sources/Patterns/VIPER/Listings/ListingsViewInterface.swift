/// Presenter → view for the property list: show exactly this. Named `…ViewInterface`, as in the
/// first published VIPER (Mutual Mobile's), because `ListingsView` is the shared screen view.
/// The presenter holds it weakly.
@MainActor
protocol ListingsViewInterface: AnyObject {
    /// Marks the source at `index` (in `ListingSource` order) as chosen.
    func showSource(at index: Int)
    /// Shows the status line (empty clears it), in the error style for a failure.
    func showStatus(_ text: String, isError: Bool)
    /// Shows these rows; the selection stays where it is if it still fits.
    func showRows(_ rows: [ListingDisplayItem])
    /// Selects `row` (nil: no selection).
    func selectRow(_ row: Int?)
    /// The dim line under the last row (nil: none).
    func showFooter(_ text: String?)
    /// Shows the network banner (empty hides it).
    func showNetworkBanner(_ text: String)
    /// Shows the district filter's line.
    func showDistrict(_ text: String)
}
