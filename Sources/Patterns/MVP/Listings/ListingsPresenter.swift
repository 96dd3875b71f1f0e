import Model
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
/// Each load is one `Task` the presenter owns, so a source switch or a teardown cancels exactly
/// that load and a cancelled load delivers nothing. The task starts immediately, so the request
/// leaves inside the event that asked for it.
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
    /// The load in flight, kept to be cancelled. Whether one is in flight is the feed's to say.
    private var loadTask: Task<Void, Never>?
    /// True from a failed load (not an empty source) until the next load starts: what the network
    /// coming back retries.
    private var loadFailed = false
    private let networkStatus: any NetworkStatus

    /// - Parameters:
    ///   - view: the passive view, held weakly.
    ///   - appState: the shared model: the chosen source and the selected listing live there.
    ///   - feeds: one feed per source; the module's landing point owns their requests.
    ///   - router: shows the detail.
    ///   - networkStatus: the network type; the presenter observes its changes (MVP's place for them).
    init(
        view: any ListingsView, appState: AppState, feeds: [ListingSource: any ListingsFeed], router: any ListingsRouter,
        networkStatus: any NetworkStatus
    ) {
        precondition(Set(feeds.keys) == Set(ListingSource.allCases), "one feed per source")
        self.view = view
        self.appState = appState
        self.feeds = feeds
        self.router = router
        self.networkStatus = networkStatus
        // Weak: observing must not keep a torn-down screen alive; teardown stops it anyway.
        networkStatus.startObserving { [weak self] change in self?.networkTypeDidChange(change) }
    }

    // MARK: - ListingsViewPresenter

    func viewDidLoad() {
        trace(.presenter, self, "source \(source.label)")
        view?.showSource(at: ListingSource.allCases.firstIndex(of: source) ?? 0)
        showBanner(for: networkStatus.networkType)
        loadFirstPage()
    }

    func didChooseSource(at index: Int) {
        let chosen = ListingSource.allCases.indices.contains(index) ? ListingSource.allCases[index] : source
        trace(.presenter, self, "\(source.label) → \(chosen.label): cancel previous")
        guard chosen != source else { return }
        // Cancel-previous: the old source's late reply is dropped, never shown.
        loadTask?.cancel()
        feed.cancelAllRequests()
        appState.listingSource = chosen
        listings = []
        showListings()
        loadFirstPage()
    }

    /// Ignore-if-loading: a refresh never stacks on any load of this source in flight.
    func didRequestRefresh() {
        trace(.presenter, self, feed.isLoading ? "refresh ignored: already loading" : "refresh \(source.label)")
        guard !feed.isLoading else { return }
        loadFirstPage(refreshing: true)
    }

    func didMoveSelection(to row: Int) {
        trace(.presenter, self, "select row \(row) → model")
        guard listings.indices.contains(row) else { return }
        appState.selectedListingID = listings[row].globalID
    }

    func didReachLastRow() {
        trace(.presenter, self, "last row on screen")
        loadNextPage()
    }

    func didSelectRow(_ row: Int) {
        trace(.presenter, self, "open row \(row)")
        guard listings.indices.contains(row) else { return }
        // The detail reads the raw data the feed already holds: nothing loads again.
        router.showDetail(ofListingID: listings[row].globalID, in: feed)
    }

    /// The network layer's one notification: the banner, and a retry of a failed load when the
    /// network is back.
    func networkTypeDidChange(_ change: NetworkTypeChange) {
        trace(.presenter, self, "network type → \(change.new.rawValue)")
        showBanner(for: change.new)
        if change.cameBack, loadFailed { didRequestRefresh() }
    }

    /// The same banner text in every pattern: the model layer's words for the type.
    private func showBanner(for networkType: NetworkType) {
        view?.showNetworkBanner(networkType.banner)
    }

    // MARK: - Module life

    /// Stops the load in flight; the builder calls it when the screen is torn down.
    func cancelLoading() {
        trace(.presenter, self, "cancel loading")
        networkStatus.stopObserving()
        loadTask?.cancel()
        loadTask = nil
    }

    // MARK: - Loading

    private var source: ListingSource { appState.listingSource }

    /// The builder makes one feed per source (checked in `init`).
    private var feed: any ListingsFeed { feeds[source]! }

    /// Page 1 of the current source. The task holds the presenter weakly (a reply must never keep
    /// a torn-down screen alive) and a cancelled load delivers nothing.
    private func loadFirstPage(refreshing: Bool = false) {
        view?.showStatus("Loading \(source.label) listings …", isError: false)
        view?.showFooter(nil)
        loadFailed = false
        loadTask?.cancel()
        let feed = self.feed
        loadTask = ServiceLoad.start { () async throws(LoadFailure) in
            refreshing ? try await feed.refresh() : try await feed.loadFirstPage()
        } loaded: { [weak self] in self?.firstPageDidLoad($0) } failed: { [weak self] in self?.firstPageDidFail($0) }
    }

    /// The next page, unless any load of this source is in flight (the same rule as a refresh).
    private func loadNextPage() {
        guard !feed.isLoading, !listings.isEmpty, !feed.isLastPage else { return }
        view?.showFooter("loading more …")
        loadFailed = false
        let feed = self.feed
        loadTask = ServiceLoad.start { () async throws(LoadFailure) in
            try await feed.loadNextPage()
        } loaded: { [weak self] in self?.nextPageDidLoad($0) } failed: { [weak self] in self?.nextPageDidFail($0) }
    }

    private func firstPageDidLoad(_ loaded: [Listing]) {
        trace(.presenter, self, "first page: \(loaded.count) listings")
        listings = loaded
        view?.showStatus(loaded.isEmpty ? "No listings." : "", isError: false)
        showListings()
    }

    /// An empty source is no listings, not a failure; any other failure keeps the rows shown.
    private func firstPageDidFail(_ failure: LoadFailure) {
        trace(.presenter, self, "first page failed: \(failure.shortName)")
        if failure == .empty {
            listings = []
            showListings()
            view?.showStatus("No listings.", isError: false)
        } else {
            loadFailed = true
            view?.showFooter(nil)
            view?.showStatus("Could not load the listings: \(failure.userMessage) Press r to retry.", isError: true)
        }
    }

    private func nextPageDidLoad(_ loaded: [Listing]) {
        trace(.presenter, self, "next page: \(loaded.count) listings")
        listings = loaded
        view?.showStatus("", isError: false)
        showListings()
    }

    /// The rows stay as they were; the feed did not advance, so reaching the end again retries.
    private func nextPageDidFail(_ failure: LoadFailure) {
        trace(.presenter, self, "next page failed: \(failure.shortName)")
        loadFailed = true
        view?.showFooter(nil)
        view?.showStatus("Could not load the listings: \(failure.userMessage) Press r to retry.", isError: true)
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
