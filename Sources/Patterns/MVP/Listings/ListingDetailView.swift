/// What the detail presenter may tell its view (presenter → view): formatted strings only.
///
/// MVP's name for the View role; the shared drawing view is `ScreenViews.ListingDetailView`.
@MainActor
protocol ListingDetailView: AnyObject {
    /// The title, shown in the navigation breadcrumb.
    func showTitle(_ title: String)
    /// The listing's fields, and the raw keys of the API they came from.
    func showDetail(fields: [(name: String, value: String)], service: String,
                    mappings: [(rawKey: String, field: String, value: String)])
}
