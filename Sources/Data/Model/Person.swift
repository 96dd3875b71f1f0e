#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Tracing

/// A person the greeting screens show: first and last name (the person API returns one too).
package struct Person: Sendable, Hashable, Codable {
    /// The person service's identifier (e.g. `david-blaine`).
    package var id: String
    package var firstName: String
    package var lastName: String

    package init(id: String, firstName: String, lastName: String) {
        self.id = id
        self.firstName = firstName
        self.lastName = lastName
    }

    /// "David Blaine".
    package var fullName: String { "\(firstName) \(lastName)" }

    /// The names a greeting may use, trimmed; nil while either is empty. The greeting's one
    /// business rule lives in the model, so every pattern applies the same rule.
    package var greetingNames: (first: String, last: String)? {
        let first = firstName.trimmed
        let last = lastName.trimmed
        @Traced(.model, self, first.isEmpty || last.isEmpty ? "a name is missing" : "\(first) \(last)") var call
        guard !first.isEmpty, !last.isEmpty else { return nil }
        return (first, last)
    }

    /// The default person of every screen (Orlov's greeting example).
    package static let davidBlaine = Person(id: "david-blaine", firstName: "David", lastName: "Blaine")
}

private extension String {
    /// Without the white space at either end (`Character.isWhitespace`: spaces, tabs, new lines).
    var trimmed: String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
