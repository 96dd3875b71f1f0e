import Model
import Networking

/// How one team spells a listing: the raw key for each normalised field, and how its price is
/// counted. The property-list and detail reformers both read it, so a new team means one new schema.
package struct ListingSchema: Sendable, Hashable {
    package var kind: ListingKind
    package var id: String
    package var name: String
    package var title: String
    package var imageURL: String
    package var price: String
    package var area: String
    package var district: String
    package var priceUnit: Price.Unit
    /// Yuan per unit of the raw price (the second-hand team counts in 万, ten thousands).
    package var yuanPerPriceUnit: Double

    /// Rent: `id`, `name`, `title`, `imageUrl`, `price` (yuan per month), `area`, `district`.
    package static let rent = ListingSchema(
        kind: .rent, id: "id", name: "name", title: "title", imageURL: "imageUrl", price: "price", area: "area",
        district: "district", priceUnit: .perMonth, yuanPerPriceUnit: 1)
    /// New homes: `xinfang_*`, with `xinfang_junjia` (average yuan per m²), `xinfang_mianji`, `xinfang_quyu`.
    package static let newHome = ListingSchema(
        kind: .newHome, id: "xinfang_id", name: "xinfang_name", title: "xinfang_title", imageURL: "xinfang_imageUrl",
        price: "xinfang_junjia", area: "xinfang_mianji", district: "xinfang_quyu", priceUnit: .perSquareMetre,
        yuanPerPriceUnit: 1)
    /// Second-hand: `esf_*`, with `esf_total_price` (in 万 yuan), `esf_area`, `esf_region`.
    package static let secondHand = ListingSchema(
        kind: .secondHand, id: "esf_id", name: "esf_name", title: "esf_title", imageURL: "esf_imageUrl",
        price: "esf_total_price", area: "esf_area", district: "esf_region", priceUnit: .total, yuanPerPriceUnit: 10_000)

    /// The schema of `kind`.
    package static func of(_ kind: ListingKind) -> ListingSchema {
        switch kind {
        case .rent: .rent
        case .newHome: .newHome
        case .secondHand: .secondHand
        }
    }

    /// The schema of the API that sent a response, or nil for a service that serves no listings.
    package static func of(_ source: ResponseSource) -> ListingSchema? {
        switch source.service.id {
        case Service.rent.id: .rent
        case Service.newHomes.id: .newHome
        case Service.secondHand.id: .secondHand
        default: nil
        }
    }

    /// (raw key, normalised field name) in display order.
    package var fieldPairs: [(rawKey: String, field: String)] {
        [(id, "id"), (name, "name"), (title, "title"), (imageURL, "imageURL"), (price, "price"), (area, "area"),
         (district, "district")]
    }

    /// One raw item → `Listing`, or nil when it has no usable id. Text is cleaned; a detail field
    /// of the wrong type becomes nil (numbers sent as strings are accepted).
    package func listing(from item: [String: JSONValue]) -> Listing? {
        guard case .string(let rawID)? = item[id] else { return nil }
        let cleanID = TextCleaner.clean(rawID)
        guard !cleanID.isEmpty else { return nil }
        return Listing(
            id: cleanID, kind: kind,
            name: text(item[name]), title: text(item[title]), imageURL: text(item[imageURL]),
            // An amount out of range is kept as an invalid price, so the row says so instead of
            // showing nothing (1e308) or a negative rent.
            price: number(item[price]).map { Price(checking: $0 * yuanPerPriceUnit, unit: priceUnit) },
            area: number(item[area]),
            district: item[district]?.stringValue.map(TextCleaner.clean))
    }

    private func text(_ value: JSONValue?) -> String {
        switch value {
        case .string(let text)?: TextCleaner.clean(text)
        case .number(let number)?: number.rounded() == number && abs(number) < 1e15 ? String(Int64(number)) : String(number)
        default: ""
        }
    }

    private func number(_ value: JSONValue?) -> Double? {
        switch value {
        case .number(let number)?: number
        case .string(let text)?: Double(text).flatMap { $0.isFinite ? $0 : nil }
        default: nil
        }
    }
}
