import Model
import Networking
import Tracing

/// The second reformer over the same list data (one API feeding two views): for the listing
/// with `listingID`, rows pairing each raw key of the source API with the normalised field it
/// became. Nil when the data holds no such listing; over several APIs, the one that holds it.
package struct ListingDetailReformer: Reformer {
    /// The `Listing.globalID` to show (`rent:r-001`), as the list's `PropertyListKey.id` holds it.
    package var listingID: String

    package init(listingID: String) {
        self.listingID = listingID
    }

    package func reform(_ data: JSONValue, from source: ResponseSource) -> ListingDetail? {
        guard let schema = ListingSchema.of(source), listingID.hasPrefix(schema.kind.rawValue + ":") else { return nil }
        let items = data["items"]?.arrayValue ?? data.arrayValue ?? [data]
        for item in items {
            guard case .object(let fields) = item, let listing = schema.listing(from: fields), listing.globalID == listingID
            else { continue }
            var rows: [DetailRow] = []
            var used = Set<String>()
            for (rawKey, field) in schema.fieldPairs {
                used.insert(rawKey)
                rows.append(DetailRow(rawKey: rawKey, field: field, value: value(of: field, in: listing)))
            }
            for rawKey in fields.keys.sorted() where !used.contains(rawKey) {
                rows.append(DetailRow(rawKey: TextCleaner.clean(rawKey), field: "(dropped)", value: ""))
            }
            @Traced(.reformer, self, "\(source.method) \(listingID): \(rows.count) rows") var call
            return ListingDetail(listing: listing, rows: rows, serviceName: source.service.id)
        }
        @Traced(.reformer, self, "\(source.method): no listing \(listingID)") var call
        return nil
    }

    /// The one API that holds the listing answers; the others say nil.
    package func combine(_ outputs: [ListingDetail?]) -> ListingDetail? {
        outputs.lazy.compactMap { $0 }.first
    }

    private func value(of field: String, in listing: Listing) -> String {
        switch field {
        case "id": listing.id
        case "name": listing.name
        case "title": listing.title
        case "imageURL": listing.imageURL
        case "price": listing.price?.text ?? ""
        case "area": listing.areaText ?? ""
        case "district": listing.district ?? ""
        default: ""
        }
    }
}
