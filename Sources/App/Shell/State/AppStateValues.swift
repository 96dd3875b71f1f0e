import Mediator
import Model
import ObjectGraph

/// The shared model's values at one moment, kept as plain values: where a rewind starts from, and
/// where compare's replays start, so each pattern begins from the model the live module found.
@MainActor
package struct AppStateValues {
    var person: Person
    var listingSource: ListingSource
    var selectedListingID: String?
    var district: String?

    init(_ state: AppState) {
        person = state.person
        listingSource = state.listingSource
        selectedListingID = state.selectedListingID
        district = state.district
    }

    /// The values as the state timeline lists them (`person.firstName`, `"Ada"`).
    var described: [(path: String, summary: String)] {
        [("person.id", StoredValue.quoted(person.id)), ("person.firstName", StoredValue.quoted(person.firstName)),
         ("person.lastName", StoredValue.quoted(person.lastName)),
         ("listingSource", "." + listingSource.rawValue), ("selectedListingID", selectedListingID.map(StoredValue.quoted) ?? "nil"),
         ("district", district.map(StoredValue.quoted) ?? "nil")]
    }

    /// Writes the values into a fresh context's model, before a replay builds its module there.
    package func restore(into context: ModuleContext) {
        restore(into: context.appState)
    }

    /// Writes the values back; only those that differ, so the trace names what the rewind changed.
    func restore(into state: AppState) {
        if state.person != person { state.person = person }
        if state.listingSource != listingSource { state.listingSource = listingSource }
        if state.selectedListingID != selectedListingID { state.selectedListingID = selectedListingID }
        if state.district != district { state.district = district }
    }
}
