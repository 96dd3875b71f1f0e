/// Which team's API a listing came from; each team has its own service and JSON schema.
package enum ListingKind: String, Sendable, Hashable, Codable, CaseIterable {
    /// The rent team (`id`, `name`, …).
    case rent
    /// The new-homes team (`xinfang_id`, `xinfang_name`, …).
    case newHome
    /// The second-hand team (`esf_id`, `esf_name`, …).
    case secondHand

    /// A short label for lists and traces.
    package var label: String {
        switch self {
        case .rent: "Rent"
        case .newHome: "New home"
        case .secondHand: "Second-hand"
        }
    }
}
