/// Presenter → view for the listing detail (`ListingDetailView` is the shared screen view). Held
/// weakly by the presenter.
@MainActor
protocol ListingDetailViewInterface: AnyObject {
    /// The screen's title, shown in the breadcrumb.
    func showTitle(_ title: String)
    /// The `name  value` rows, and the `raw key  →  field  value` rows under `From the <service> API`.
    func showDetail(fields: [(name: String, value: String)], service: String,
                    mappings: [(rawKey: String, field: String, value: String)])
    /// The listing's picture, or none, with a caption ("Loading picture…", why there is none).
    func showPicture(_ picture: ListingPictureData?, caption: String)
}
