/// Interactor → presenter for the listing detail. Held weakly.
@MainActor
protocol ListingDetailInteractorOutput: AnyObject {
    /// The listing and its raw-key rows.
    func didProvideDetail(_ detail: ListingDetailData)
    /// The loaded data holds no listing `listingID` (a `Listing.globalID`).
    func didNotFindDetail(listingID: String)
    /// The picture's load started.
    func willLoadPicture()
    /// The picture landed.
    func didLoadPicture(_ picture: ListingPictureData)
    /// There is no picture; `reason` is a sentence for the screen.
    func didFailToLoadPicture(reason: String)
}
