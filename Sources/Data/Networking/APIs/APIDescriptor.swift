/// casatwy's "child protocol": everything that makes one API distinct. An `APIManager` can only be
/// made for a type that conforms, so the compiler checks every API states its method, service,
/// policies and validators — there is no base class with empty methods to forget to override.
package protocol APIDescriptor: Sendable {
    /// The API method on its service, also its name in traces and cache keys (`rent.list`).
    var method: String { get }
    /// The service (team backend) that serves it.
    var service: Service { get }
    /// Whether and how long its responses are cached.
    var cachePolicy: CachePolicy { get }
    /// What a new load does while one is in flight.
    var requestPolicy: RequestPolicy { get }
    /// Checks the parameters before anything is sent; throw `.parameters(detail)` to refuse.
    func validate(parameters: CanonicalParameters) throws(APIError)
    /// Checks a parsed response before it is cached or delivered; throw `.noContent` or
    /// `.malformedResponse(detail)` to refuse.
    func validate(response: JSONValue, parameters: CanonicalParameters) throws(APIError)
    /// This API as a `PagedAPIDescriptor` when its results come in pages, else nil. The protocol
    /// extensions below answer it, so an API never writes it: the manager learns whether it pages
    /// without a dynamic cast (which scans every conformance in the binary on first use).
    var asPaged: (any PagedAPIDescriptor)? { get }
}

extension APIDescriptor {
    package var asPaged: (any PagedAPIDescriptor)? { nil }
}

/// An API whose results come in pages. Its manager adds `page` and `page_size` to the parameters
/// and keeps every page loaded so far, so callers only ever say "next page".
package protocol PagedAPIDescriptor: APIDescriptor {
    /// Items per page.
    var pageSize: Int { get }
    /// How many items one page response holds, and whether it is the last page.
    func pageInfo(of response: JSONValue) -> PageInfo
    /// `accumulated` (pages 1…n) with `page` (page n+1) appended.
    func appending(_ page: JSONValue, to accumulated: JSONValue) -> JSONValue
}

extension PagedAPIDescriptor {
    package var asPaged: (any PagedAPIDescriptor)? { self }
}

/// What a manager needs to know about one page.
package struct PageInfo: Sendable, Hashable {
    package var itemCount: Int
    package var isLastPage: Bool

    package init(itemCount: Int, isLastPage: Bool) {
        self.itemCount = itemCount
        self.isLastPage = isLastPage
    }
}
