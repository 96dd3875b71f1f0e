import Networking

/// What the detail module needs to show a listing the user opened: its id, its name (the screen's
/// title) and the manager whose raw data holds it. Made by the listings interactor, passed by the
/// presenter to the router unopened, and handed by the router to the detail's builder: only the
/// detail's interactor reads the manager.
struct SelectedListingData {
    /// The `Listing.id` (not the global id): what `ListingDetailReformer` looks for.
    let listingID: String
    let name: String
    let manager: any APIManaging
}
