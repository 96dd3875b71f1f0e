import Model
import ObjectGraph

/// The shared model's values at one moment, kept as plain values: where a rewind starts from.
@MainActor
struct AppStateValues {
    var person: Person
    var personOrigin: PersonOrigin
    var listingSource: ListingSource
    var selectedListingID: String?

    init(_ state: AppState) {
        person = state.person
        personOrigin = state.personOrigin
        listingSource = state.listingSource
        selectedListingID = state.selectedListingID
    }

    /// The values as the state timeline lists them (`person.firstName`, `"Ada"`).
    var described: [(path: String, summary: String)] {
        [("person.id", StoredValue.quoted(person.id)), ("person.firstName", StoredValue.quoted(person.firstName)),
         ("person.lastName", StoredValue.quoted(person.lastName)), ("personOrigin", Self.name(of: personOrigin)),
         ("listingSource", "." + listingSource.rawValue), ("selectedListingID", selectedListingID.map(StoredValue.quoted) ?? "nil")]
    }

    /// The case as a diff shows it; written out, since printing an enum reflects on it every time.
    private static func name(of origin: PersonOrigin) -> String {
        switch origin {
        case .placeholder: ".placeholder"
        case .service: ".service"
        case .user: ".user"
        }
    }

    /// Writes the values back; only those that differ, so the trace names what the rewind changed.
    func restore(into state: AppState) {
        if state.person != person { state.person = person }
        if state.personOrigin != personOrigin { state.personOrigin = personOrigin }
        if state.listingSource != listingSource { state.listingSource = listingSource }
        if state.selectedListingID != selectedListingID { state.selectedListingID = selectedListingID }
    }
}
