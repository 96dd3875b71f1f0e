import Model

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

    /// Writes the values back; only those that differ, so the trace names what the rewind changed.
    func restore(into state: AppState) {
        if state.person != person { state.person = person }
        if state.personOrigin != personOrigin { state.personOrigin = personOrigin }
        if state.listingSource != listingSource { state.listingSource = listingSource }
        if state.selectedListingID != selectedListingID { state.selectedListingID = selectedListingID }
    }
}
