/// View → presenter for the listing detail. Held strongly by the view.
@MainActor
protocol ListingDetailViewEventHandler: AnyObject {
    /// The view is loaded: time to show the listing.
    func viewDidLoad()
}
