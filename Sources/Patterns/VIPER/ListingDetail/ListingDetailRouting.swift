/// Presenter → router for the listing detail.
@MainActor
protocol ListingDetailRouting: AnyObject {
    /// Leaves the detail for the list it came from.
    func closeDetail()
}
