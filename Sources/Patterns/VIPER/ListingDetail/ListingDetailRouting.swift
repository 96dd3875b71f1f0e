/// Presenter → router for the listing detail: where the detail can lead. Nothing yet; back is the
/// navigation controller's.
@MainActor
protocol ListingDetailRouting: AnyObject {}
