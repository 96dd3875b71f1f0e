import Observation
import Tracing

/// The state every pattern module reads and writes, so switching pattern keeps what the user chose.
/// Main-actor isolated because only UI code touches it; `@Observable` so bindings can follow it.
@MainActor
@Observable
package final class AppState {
    /// The person the greeting screens show.
    package var person: Person {
        // Named explicitly: inside @Observable the observer runs in the macro's `_person` storage.
        didSet { @Traced(.model, self, "person = \(person.fullName)", function: "person") var call }
    }
    /// Which listings the list screens show.
    package var listingSource: ListingSource
    /// The `Listing.globalID` of the selected listing, if any.
    package var selectedListingID: String?
    /// The district the list screens show (one of `DistrictFilter.choices`); nil for every district.
    package var district: String?

    package init(
        person: Person = .davidBlaine, listingSource: ListingSource = .rent, selectedListingID: String? = nil,
        district: String? = nil
    ) {
        self.person = person
        self.listingSource = listingSource
        self.selectedListingID = selectedListingID
        self.district = district
    }

    /// The user edited the person: the edit is written at once, so a pattern switch keeps it.
    package func editPerson(_ edit: (inout Person) -> Void) {
        var edited = person
        edit(&edited)
        person = edited
    }
}
