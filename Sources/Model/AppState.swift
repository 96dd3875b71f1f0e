import Observation
import Tracing

/// The state every pattern module reads and writes, so switching pattern keeps what the user chose.
/// Main-actor isolated because only UI code touches it; `@Observable` so bindings can follow it.
@MainActor
@Observable
public final class AppState {
    /// The person the greeting screens show.
    public var person: Person {
        // Named explicitly: inside @Observable the observer runs in the macro's `_person` storage.
        didSet { trace(.model, self, "person = \(person.fullName)", function: "person") }
    }
    /// Where `person` came from, so a screen knows whether to load it from the person service.
    public var personOrigin: PersonOrigin = .placeholder
    /// Which listings the list screens show.
    public var listingSource: ListingSource
    /// The `Listing.globalID` of the selected listing, if any.
    public var selectedListingID: String?

    public init(
        person: Person = .davidBlaine, personOrigin: PersonOrigin = .placeholder, listingSource: ListingSource = .rent,
        selectedListingID: String? = nil
    ) {
        self.person = person
        self.personOrigin = personOrigin
        self.listingSource = listingSource
        self.selectedListingID = selectedListingID
    }

    /// The user edited the person: the edit is written at once, so a pattern switch keeps it, and
    /// the person becomes the user's, so a load that lands later does not overwrite it.
    public func editPerson(_ edit: (inout Person) -> Void) {
        var edited = person
        edit(&edited)
        personOrigin = .user
        person = edited
    }
}

/// Where the shared person came from. Greeting screens load the person from the person service
/// only while it is still the placeholder, so a pattern switch never overwrites what the user typed.
public enum PersonOrigin: Sendable, Hashable {
    /// The built-in default (David Blaine); not yet loaded.
    case placeholder
    /// Loaded from the person service.
    case service
    /// Typed by the user.
    case user
}
