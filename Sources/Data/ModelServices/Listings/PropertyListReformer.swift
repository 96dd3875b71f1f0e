import Model
import Networking
import Tracing

/// The keys of one row the property-list reformer gives a list view (casatwy's
/// `kPropertyListDataKey…` constants, as Swift keys): every value is a string the cell shows as it is.
package struct PropertyListKey: RawRepresentable, Hashable, Sendable {
    package var rawValue: String
    package init(rawValue: String) { self.rawValue = rawValue }

    /// `Listing.globalID` (`rent:r-001`): what a selection keeps; not shown.
    package static let id = PropertyListKey(rawValue: "kPropertyListDataKeyID")
    /// The listing's name: the cell's first line.
    package static let name = PropertyListKey(rawValue: "kPropertyListDataKeyName")
    /// The kind and the title, `Rent · 2 rooms near Jing'an Temple`: the cell's second line.
    package static let title = PropertyListKey(rawValue: "kPropertyListDataKeyTitle")
    /// The price as people read it (`¥4,500/month`), or empty: the cell's accessory.
    package static let price = PropertyListKey(rawValue: "kPropertyListDataKeyPrice")
}

/// casatwy's property-list reformer: any of the three teams' list responses → the rows a list
/// view shows, keyed by `PropertyListKey`, in one step: no model object in between for a screen to
/// convert again. One list view serves rent, new homes, second-hand and the merged "All" list
/// without knowing which API answered. Items without a usable id are skipped; text is cleaned.
package struct PropertyListReformer: Reformer {
    package init() {}

    package func reform(_ data: JSONValue, from source: ResponseSource) -> [[PropertyListKey: String]] {
        let listings = ListingReformer().reform(data, from: source)
        return listings.map { listing in
            [.id: listing.globalID, .name: listing.name, .title: listing.kind.label + " · " + listing.title,
             .price: listing.price?.text ?? ""]
        }
    }
}

/// The list responses as the model's `Listing` values, for a role that formats them itself (VIPER's
/// presenter) and for tests. Accepts the page envelope (`{"items": […]}`), a bare array, or one item.
package struct ListingReformer: Reformer {
    package init() {}

    package func reform(_ data: JSONValue, from source: ResponseSource) -> [Listing] {
        guard let schema = ListingSchema.of(source) else {
            @Traced(.reformer, self, "\(source.method): not a listing API") var call
            return []
        }
        let items: [JSONValue]
        switch data {
        case .array(let array): items = array
        case .object(let fields): items = fields["items"]?.arrayValue ?? [data]
        default: items = []
        }
        var listings: [Listing] = []
        listings.reserveCapacity(items.count)
        for item in items {
            if case .object(let fields) = item, let listing = schema.listing(from: fields) { listings.append(listing) }
        }
        @Traced(.reformer, self, "\(source.method): \(items.count) raw → \(listings.count) listings") var call
        return listings
    }
}
