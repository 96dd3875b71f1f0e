import Model

/// What the detail presenter may tell its view (presenter → view): formatted strings, and the
/// picture to draw.
///
/// MVP's name for the View role; the shared drawing view is `ScreenViews.ListingDetailView`.
@MainActor
protocol ListingDetailView: AnyObject {
    /// The listing's picture, or none, with a caption ("Loading picture…", why there is none).
    func showPicture(_ picture: Picture?, caption: String)
    /// The title, shown in the navigation breadcrumb.
    func showTitle(_ title: String)
    /// The listing's fields, and the raw keys of the API they came from.
    func showDetail(fields: [(name: String, value: String)], service: String,
                    mappings: [(rawKey: String, field: String, value: String)])
}
