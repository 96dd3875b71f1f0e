/// What the detail module needs to show the listing the user opened: its id. Made by the listings
/// interactor and passed by the presenter to the router unopened; the detail module gets its data
/// access from the app's wiring (the detail builder the listings builder made), not from here.
struct SelectedListingData: Sendable, Equatable {
    /// The `Listing.globalID`.
    let listingID: String
}
