/// A person the greeting screens show: first and last name, as the person service returns them.
public struct Person: Sendable, Hashable, Codable {
    /// The person service's identifier (e.g. `david-blaine`).
    public var id: String
    public var firstName: String
    public var lastName: String

    public init(id: String, firstName: String, lastName: String) {
        self.id = id
        self.firstName = firstName
        self.lastName = lastName
    }

    /// "David Blaine".
    public var fullName: String { "\(firstName) \(lastName)" }

    /// The default person of every screen (Orlov's greeting example).
    public static let davidBlaine = Person(id: "david-blaine", firstName: "David", lastName: "Blaine")
}
