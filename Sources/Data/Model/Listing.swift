#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
/// The normalised record of a property, whichever team's API it came from. Reformers build it;
/// list and detail screens show it without knowing the source schema.
package struct Listing: Sendable, Hashable, Codable, Identifiable {
    /// The source API's identifier, unique within its kind.
    package var id: String
    package var kind: ListingKind
    package var name: String
    package var title: String
    /// The image's URL, as a string (the terminal never loads it).
    package var imageURL: String
    package var price: Price?
    /// Floor area in square metres.
    package var area: Double?
    package var district: String?

    package init(
        id: String, kind: ListingKind, name: String, title: String, imageURL: String,
        price: Price? = nil, area: Double? = nil, district: String? = nil
    ) {
        self.id = id
        self.kind = kind
        self.name = name
        self.title = title
        self.imageURL = imageURL
        self.price = price
        self.area = area
        self.district = district
    }

    /// The area as people write it: `45 m²`, `72.5 m²`; nil when unknown.
    package var areaText: String? {
        guard let area else { return nil }
        // Past 10^15 (no flat is that big, but the JSON may say so) Swift's shortest form: `1e+20 m²`.
        guard abs(area) < 1e15 else { return "\(area) m²" }
        if area.rounded() == area { return "\(Int(area)) m²" }
        let tenths = Int((area * 10).rounded(.toNearestOrEven))
        return "\(tenths < 0 ? "-" : "")\(abs(tenths) / 10).\(abs(tenths) % 10) m²"
    }

    /// Unique across all kinds (`rent:r-001`), for merged lists and selection.
    package var globalID: String { "\(kind.rawValue):\(id)" }
}
