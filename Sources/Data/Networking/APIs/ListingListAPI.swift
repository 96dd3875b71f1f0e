import Model

/// The shape the three teams' list APIs share: a page envelope
/// `{"page": 1, "page_size": 20, "total": 64, "items": [ … ]}` whose items use the team's own keys.
/// Each team's API states its keys; the validation and paging rules here follow from them.
package protocol ListingListAPI: PagedAPIDescriptor {
    /// Which kind of listing it serves.
    var kind: ListingKind { get }
    /// The item key holding the listing's identifier (`id`, `xinfang_id`, `esf_id`).
    var idKey: String { get }
    /// The item key holding the listing's name.
    var nameKey: String { get }
}

/// The parameter names list APIs accept.
package enum ListingParameter {
    package static let page = "page"
    package static let pageSize = "page_size"
    /// Optional filter on the district (exact match).
    package static let district = "district"
}

extension ListingListAPI {
    package func validate(parameters: CanonicalParameters) throws(APIError) {
        guard let page = parameters[ListingParameter.page].flatMap(Int.init), page >= 1 else {
            throw .parameters("page must be a whole number from 1")
        }
        guard let size = parameters[ListingParameter.pageSize].flatMap(Int.init), (1...50).contains(size) else {
            throw .parameters("page_size must be between 1 and 50")
        }
        if let district = parameters[ListingParameter.district], district.isEmpty || district.count > 32 {
            throw .parameters("district must have 1 to 32 characters")
        }
        let known: Set = [ListingParameter.page, ListingParameter.pageSize, ListingParameter.district]
        if let unknown = parameters.values.keys.first(where: { !known.contains($0) }) {
            throw .parameters("unknown parameter '\(unknown)'")
        }
    }

    package func validate(response: JSONValue, parameters: CanonicalParameters) throws(APIError) {
        guard case .object(let envelope) = response else { throw .malformedResponse("expected an object") }
        guard case .array(let items)? = envelope["items"] else { throw .malformedResponse("no 'items' array") }
        if items.isEmpty, parameters[ListingParameter.page] == "1" { throw .noContent }
        for (index, item) in items.enumerated() {
            guard case .object(let fields) = item else { throw .malformedResponse("item \(index + 1) is not an object") }
            guard case .string(let id)? = fields[idKey], !id.isEmpty else {
                throw .malformedResponse("item \(index + 1) has no '\(idKey)' string")
            }
            guard case .string? = fields[nameKey] else {
                throw .malformedResponse("item \(index + 1) ('\(id)') has no '\(nameKey)' string")
            }
        }
    }

    package func pageInfo(of response: JSONValue) -> PageInfo {
        let items = response["items"]?.arrayValue ?? []
        let page = response["page"]?.numberValue.map { Int($0) } ?? 1
        let size = response["page_size"]?.numberValue.map { Int($0) } ?? pageSize
        let total = response["total"]?.numberValue.map { Int($0) }
        let last = total.map { page * size >= $0 } ?? (items.count < size)
        return PageInfo(itemCount: items.count, isLastPage: last || items.isEmpty)
    }

    package func appending(_ page: JSONValue, to accumulated: JSONValue) -> JSONValue {
        guard case .object(var envelope) = page else { return accumulated }
        let earlier = accumulated["items"]?.arrayValue ?? []
        envelope["items"] = .array(earlier + (page["items"]?.arrayValue ?? []))
        return .object(envelope)
    }

    package var pageSize: Int { 20 }
    package var cachePolicy: CachePolicy { .standard }
    /// A new first page (refresh, filter change) replaces the one in flight.
    package var requestPolicy: RequestPolicy { .cancelPrevious }
}

/// The rent team's list: items keyed `id`, `name`, `title`, `imageUrl`, `price`, `area`, `district`.
package struct RentListAPI: ListingListAPI {
    package init() {}
    package var method: String { "rent.list" }
    package var service: Service { .rent }
    package var kind: ListingKind { .rent }
    package var idKey: String { "id" }
    package var nameKey: String { "name" }
}

/// The new-homes team's list: items keyed `xinfang_id`, `xinfang_name`, `xinfang_title`,
/// `xinfang_imageUrl`, `xinfang_junjia` (average price per m²), `xinfang_mianji`, `xinfang_quyu`.
package struct NewHomesListAPI: ListingListAPI {
    package init() {}
    package var method: String { "xinfang.list" }
    package var service: Service { .newHomes }
    package var kind: ListingKind { .newHome }
    package var idKey: String { "xinfang_id" }
    package var nameKey: String { "xinfang_name" }
}

/// The second-hand team's list: items keyed `esf_id`, `esf_name`, `esf_title`, `esf_imageUrl`,
/// `esf_total_price` (in 万, ten thousands of yuan), `esf_area`, `esf_region`.
package struct SecondHandListAPI: ListingListAPI {
    package init() {}
    package var method: String { "esf.list" }
    package var service: Service { .secondHand }
    package var kind: ListingKind { .secondHand }
    package var idKey: String { "esf_id" }
    package var nameKey: String { "esf_name" }
}
