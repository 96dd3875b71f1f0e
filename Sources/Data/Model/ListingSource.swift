/// Which listings a list screen shows: one team's API, or all three merged.
package enum ListingSource: String, Sendable, Hashable, Codable, CaseIterable {
    case rent
    case newHomes
    case secondHand
    case all

    /// The kinds of listing this source loads, in display order.
    package var kinds: [ListingKind] {
        switch self {
        case .rent: [.rent]
        case .newHomes: [.newHome]
        case .secondHand: [.secondHand]
        case .all: ListingKind.allCases
        }
    }

    /// A short label for tabs and traces.
    package var label: String {
        switch self {
        case .rent: "Rent"
        case .newHomes: "New homes"
        case .secondHand: "Second-hand"
        case .all: "All"
        }
    }
}
