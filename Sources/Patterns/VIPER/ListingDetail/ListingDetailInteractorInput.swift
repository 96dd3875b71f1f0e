/// Presenter → interactor for the listing detail.
@MainActor
protocol ListingDetailInteractorInput: AnyObject {
    /// Reads the listing out of the raw data the list already loaded.
    func provideDetail()
    /// Loads the listing's picture (after `provideDetail()`; a missing listing has none).
    func providePicture()
}
