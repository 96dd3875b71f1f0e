/// What every manager offers, whatever its API: the surface screen modules program against and
/// what delegates and interceptors receive. Compare managers by identity (`===`).
@MainActor
public protocol APIManaging: AnyObject {
    /// The API method (`rent.list`).
    var method: String { get }
    var service: Service { get }
    /// The delegate for casatwy-style delivery (weak).
    var delegate: (any APIManagerDelegate)? { get set }
    /// Where parameters come from at load time (weak); when nil, `parameters` is used.
    var parameterSource: (any APIManagerParameterSource)? { get set }
    /// The parameters used when there is no parameter source.
    var parameters: [String: String] { get set }
    var requestPolicy: RequestPolicy { get set }
    var state: LoadState { get }
    var isLoading: Bool { get }

    /// Starts a load; the result goes to the delegate and the state stream.
    func loadData()
    /// Loads and returns the raw data (also told to the delegate and the state stream).
    func load() async throws(APIError) -> JSONValue
    /// The raw data of the last success (all pages so far, for paged APIs).
    func fetchData() -> JSONValue?
    /// The last success's data through `reformer`.
    func fetchData<R: Reformer>(reformer: R) -> R.Output?
    /// Every state change from now on, starting with the current state. Finishes on teardown.
    func states() -> AsyncStream<LoadState>
    /// Cancels every request in flight; their replies are dropped and no callback follows.
    func cancelAllRequests()
}

/// A manager over a paged API: the caller never tracks page numbers.
@MainActor
public protocol PagedAPIManaging: APIManaging {
    /// Pages loaded so far (0 before the first success).
    var currentPage: Int { get }
    /// True once the last page has loaded.
    var isLastPage: Bool { get }
    /// Loads page 1, replacing what was loaded (delegate style).
    func loadFirstPage()
    /// Loads the page after the last one loaded; ignored while loading or after the last page.
    func loadNextPage()
    /// Loads page 1 and returns all data (async style).
    func firstPage() async throws(APIError) -> JSONValue
    /// Loads the next page and returns all pages so far (async style).
    func nextPage() async throws(APIError) -> JSONValue
    /// Reloads page 1 from the server (never the cache), ignored while a load is in flight:
    /// the refresh policy (delegate style).
    func refresh()
    /// The same, async style: joins the load in flight if there is one.
    func refreshedFirstPage() async throws(APIError) -> JSONValue
}
