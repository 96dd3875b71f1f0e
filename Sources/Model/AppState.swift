import Observation

/// The state every pattern module reads and writes, so switching pattern keeps what the user chose.
/// Main-actor isolated because only UI code touches it; `@Observable` so bindings can follow it.
@MainActor
@Observable
public final class AppState {
    /// The person the greeting screens show.
    public var person: Person
    /// Which listings the list screens show.
    public var listingSource: ListingSource
    /// The `Listing.globalID` of the selected listing, if any.
    public var selectedListingID: String?

    public init(person: Person = .davidBlaine, listingSource: ListingSource = .rent, selectedListingID: String? = nil) {
        self.person = person
        self.listingSource = listingSource
        self.selectedListingID = selectedListingID
    }
}
