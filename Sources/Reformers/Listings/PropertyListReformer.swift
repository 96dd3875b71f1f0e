import Model
import Networking
import Tracing

/// casatwy's property-list reformer: any of the three teams' list responses → `[Listing]`, so one
/// list view serves rent, new homes, second-hand and the merged "All" list without knowing which
/// API answered. Accepts the page envelope (`{"items": […]}`), a bare array, or one item.
/// Items without a usable id are skipped; text is cleaned (see `TextCleaner`).
public struct PropertyListReformer: Reformer {
    public init() {}

    public func reform(_ data: JSONValue, from source: ResponseSource) -> [Listing] {
        guard let schema = ListingSchema.of(source) else {
            trace(.reformer, self, "\(source.method): not a listing API")
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
        trace(.reformer, self, "\(source.method): \(items.count) raw → \(listings.count) listings")
        return listings
    }
}
