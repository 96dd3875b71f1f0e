/// Presenter → router for the property list: where the user can go from here.
@MainActor
protocol ListingsRouting: AnyObject {
    /// Shows the detail screen of `listing`.
    func showDetail(of listing: SelectedListingData)
}
