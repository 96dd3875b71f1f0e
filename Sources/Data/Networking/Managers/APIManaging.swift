/// What a screen's data role sees of any manager, casatwy's way: it starts a load, hears back
/// through its delegate (one callback for success, one for failure), and reads the data through a
/// reformer it chooses. One API's `APIManager` and several APIs merged (`MergedListManager`) are
/// both this, so a role cannot tell them apart. Compare managers by identity (`===`).
@MainActor
package protocol DataManaging: AnyObject {
    /// Told of every load's outcome (weak).
    var delegate: (any APIManagerDelegate)? { get set }
    /// Where parameters come from at load time (weak): casatwy's param source.
    var parameterSource: (any APIManagerParameterSource)? { get set }
    var state: LoadState { get }
    var isLoading: Bool { get }
    /// The last success's data through `reformer` (casatwy's `fetchDataWithReformer:`); nil before
    /// the first success. The manager keeps the raw data, so several reformers can read it.
    func fetchData<R: Reformer>(with reformer: R) -> R.Output?
    /// Cancels every request in flight; their replies are dropped and no callback follows.
    func cancelAllRequests()
}

/// A manager whose data comes in pages, and its request policies: the caller says "first page",
/// "next page" or "refresh" and never tracks page numbers or what is in flight. Each call returns
/// whether a request went out (casatwy's `loadData` returns its request id): then its answer comes
/// later, through the delegate; a call the cache answered (at once, inside the call) or a policy
/// ignored returns false.
@MainActor
package protocol PagedDataManaging: DataManaging {
    /// True once the last page has loaded.
    var isLastPage: Bool { get }
    /// Loads page 1, replacing what was loaded. Cancel-previous: a first page in flight (an older
    /// filter, say) is cancelled and this one sent.
    @discardableResult func loadFirstPage() -> Bool
    /// Loads the page after the last one loaded; ignored while loading or after the last page.
    @discardableResult func loadNextPage() -> Bool
    /// Reloads page 1 from the server (never the cache). Ignore-if-loading: ignored while a load
    /// is in flight.
    @discardableResult func refresh() -> Bool
}

/// One API's manager: what every `APIManager` offers, whatever its API; what interceptors receive.
@MainActor
package protocol APIManaging: DataManaging {
    /// The API method (`rent.list`).
    var method: String { get }
    var service: Service { get }
    /// The parameters used when there is no parameter source.
    var parameters: [String: String] { get set }
    var requestPolicy: RequestPolicy { get set }

    /// Starts a load (casatwy's `loadData`); the result goes to the delegate. True when a request
    /// went out, so the answer comes on a later turn; false when it was answered from the cache or
    /// refused at once (the delegate heard inside the call), or ignored (nothing is told).
    @discardableResult func loadData() -> Bool
    /// The raw data of the last success (all pages so far, for paged APIs): `fetchData(with:)`
    /// without a reformer.
    func fetchData() -> JSONValue?
}

/// One API's manager over a paged API: the paging calls, and how far they have got.
@MainActor
package protocol PagedAPIManaging: APIManaging, PagedDataManaging {
    /// Pages loaded so far (0 before the first success).
    var currentPage: Int { get }
}
