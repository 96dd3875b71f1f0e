import Model
import Networking
import Reformers
import Tracing

/// What the list view may tell its presenter (view → presenter): the view's events, nothing else.
@MainActor
protocol ListingsViewPresenter: AnyObject {
    /// The view loaded: time for the first page.
    func viewDidLoad()
    /// The user chose the source at `index` (`ListingSource.allCases` order).
    func didChooseSource(at index: Int)
    /// The user asked to refresh (the `r` key).
    func didRequestRefresh()
    /// The user moved the selection to `row`.
    func didMoveSelection(to row: Int)
    /// The last row came on screen.
    func didReachLastRow()
    /// The user opened `row` (Enter).
    func didSelectRow(_ row: Int)
}

/// MVP's presenter for the property list. It owns the loading logic — which source, when to
/// cancel, when to ignore a refresh, when to page — keeps the selection in the shared state,
/// formats every row as strings, and asks its router for the detail. It knows its view only as
/// `ListingsView` and its router only as `ListingsRouter`, so both are spies in the tests.
///
/// Loads use the managers' `async` style (the "All" feed offers nothing else): each load is one
/// `Task` the presenter owns, so a source switch or a teardown cancels exactly that load. The
/// tasks start immediately, so the request leaves inside the event that asked for it.
@MainActor
final class ListingsPresenter: ListingsViewPresenter {
    /// Weak: the view owns its presenter; a strong reference back would be a cycle.
    private weak var view: (any ListingsView)?
    private let appState: AppState
    private let feeds: [ListingSource: any ListingsFeed]
    /// Strong: the presenter is the router's only owner.
    private let router: any ListingsRouter

    /// What the view shows now, in row order.
    private var listings: [Listing] = []
    /// The loads in flight, kept to be cancelled. Whether one is in flight is the flags below:
    /// a load served from the cache finishes before its task is even stored.
    private var firstPageTask: Task<Void, Never>?
    private var nextPageTask: Task<Void, Never>?
    private var isLoadingFirstPage = false
    private var isLoadingNextPage = false

    /// - Parameters:
    ///   - view: the passive view, held weakly.
    ///   - appState: the shared model: the chosen source and the selected listing live there.
    ///   - feeds: one feed per source; the module's landing point owns their requests.
    ///   - router: shows the detail.
    init(view: any ListingsView, appState: AppState, feeds: [ListingSource: any ListingsFeed], router: any ListingsRouter) {
        precondition(Set(feeds.keys) == Set(ListingSource.allCases), "one feed per source")
        self.view = view
        self.appState = appState
        self.feeds = feeds
        self.router = router
    }

    // MARK: - ListingsViewPresenter

    func viewDidLoad() {
        trace(.presenter, self, "source \(source.label)")
        view?.showSource(at: ListingSource.allCases.firstIndex(of: source) ?? 0)
        loadFirstPage()
    }

    func didChooseSource(at index: Int) {
        let chosen = ListingSource.allCases[index]
        trace(.presenter, self, "\(source.label) → \(chosen.label): cancel previous")
        guard chosen != source else { return }
        // Cancel-previous: the old source's late reply is dropped, never shown.
        feed.cancelAllRequests()
        appState.listingSource = chosen
        listings = []
        showListings()
        loadFirstPage()
    }

    func didRequestRefresh() {
        // Ignore-if-loading: a refresh never stacks on a first page already on its way.
        guard !isLoadingFirstPage else {
            trace(.presenter, self, "refresh ignored: already loading")
            return
        }
        trace(.presenter, self, "refresh \(source.label) (ignore-if-loading)")
        loadFirstPage(refreshing: true)
    }

    func didMoveSelection(to row: Int) {
        trace(.presenter, self, "select row \(row) → model")
        guard listings.indices.contains(row) else { return }
        appState.selectedListingID = listings[row].globalID
    }

    func didReachLastRow() {
        trace(.presenter, self, "last row on screen")
        guard !isLoadingFirstPage, !isLoadingNextPage, !listings.isEmpty, !feed.isLastPage else { return }
        isLoadingNextPage = true
        view?.showFooter("loading more …")
        let feed = self.feed
        nextPageTask = Task.immediate { [weak self] in
            do throws(APIError) {
                let listings = try await feed.loadNextPage()
                guard !Task.isCancelled else { return }
                self?.nextPageDidLoad(listings)
            } catch {
                guard !Task.isCancelled else { return }
                self?.nextPageDidFail(error)
            }
        }
    }

    func didSelectRow(_ row: Int) {
        trace(.presenter, self, "open row \(row)")
        guard listings.indices.contains(row) else { return }
        let listing = listings[row]
        // The detail reads the raw data of the manager that loaded this listing: nothing loads again.
        guard let manager = feed.manager(holding: listing) else { return }
        router.showDetail(of: listing, from: manager)
    }

    // MARK: - Module life

    /// Stops every load in flight; the builder calls it when the screen is torn down.
    func stopLoading() {
        trace(.presenter, self, "stop loading")
        firstPageTask?.cancel()
        nextPageTask?.cancel()
        isLoadingFirstPage = false
        isLoadingNextPage = false
    }

    // MARK: - Loading

    private var source: ListingSource { appState.listingSource }

    /// The builder makes one feed per source (checked in `init`).
    private var feed: any ListingsFeed { feeds[source]! }

    private func loadFirstPage(refreshing: Bool = false) {
        view?.showStatus("Loading \(source.label) listings …", isError: false)
        view?.showFooter(nil)
        nextPageTask?.cancel()
        firstPageTask?.cancel()
        isLoadingNextPage = false
        isLoadingFirstPage = true
        let feed = self.feed
        // The task holds the presenter weakly: a reply must never keep a torn-down screen alive.
        // A cancelled task (source switch, teardown) drops its result.
        firstPageTask = Task.immediate { [weak self] in
            do throws(APIError) {
                let listings = refreshing ? try await feed.refresh() : try await feed.loadFirstPage()
                guard !Task.isCancelled else { return }
                self?.firstPageDidLoad(listings)
            } catch {
                guard !Task.isCancelled else { return }
                self?.firstPageDidFail(error)
            }
        }
    }

    private func firstPageDidLoad(_ loaded: [Listing]) {
        trace(.presenter, self, "first page: \(loaded.count) listings")
        isLoadingFirstPage = false
        listings = loaded
        view?.showStatus(loaded.isEmpty ? "No listings." : "", isError: false)
        showListings()
    }

    private func firstPageDidFail(_ error: APIError) {
        trace(.presenter, self, "first page failed: \(error.shortName)")
        isLoadingFirstPage = false
        guard error != .cancelled else { return }
        listings = []
        showListings()
        // An empty first page arrives as "no content": for the user, that is simply no listings.
        if error == .noContent {
            view?.showStatus("No listings.", isError: false)
        } else {
            view?.showStatus("Could not load the listings: \(error.userMessage) Press r to retry.", isError: true)
        }
    }

    private func nextPageDidLoad(_ loaded: [Listing]) {
        trace(.presenter, self, "next page: \(loaded.count) listings")
        isLoadingNextPage = false
        listings = loaded
        view?.showStatus("", isError: false)
        showListings()
    }

    /// The rows stay as they were; the feed did not advance, so reaching the end again retries.
    private func nextPageDidFail(_ error: APIError) {
        trace(.presenter, self, "next page failed: \(error.shortName)")
        isLoadingNextPage = false
        guard error != .cancelled else { return }
        view?.showFooter(nil)
        view?.showStatus("Could not load the listings: \(error.userMessage) Press r to retry.", isError: true)
    }

    // MARK: - Formatting

    /// Rows, the kept selection (the shared state's listing if it is here, else the first row),
    /// and the footer.
    private func showListings() {
        let selected = listings.firstIndex { $0.globalID == appState.selectedListingID } ?? (listings.isEmpty ? nil : 0)
        view?.showRows(listings.map(Self.row), selectedRow: selected)
        view?.showFooter(!listings.isEmpty && feed.isLastPage ? "no more listings" : nil)
    }

    private static func row(for listing: Listing) -> ListingRow {
        ListingRow(title: listing.name, subtitle: listing.kind.label + " · " + listing.title,
                   accessory: listing.price?.text ?? "")
    }
}
