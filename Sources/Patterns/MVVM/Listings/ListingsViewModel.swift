import Model
import Reformers
import Tracing

/// MVVM's view model for the property list. It owns the list's logic — which source, when to
/// cancel, when to ignore a refresh, when to page, which row stays selected — and turns listings
/// into row view models, status and footer the view binds to. It holds no view and no view
/// controller: for the detail screen it makes the detail's view model and hands it to whoever set
/// `showDetail` (its coordinator).
///
/// Each load is one `Task` the view model owns, so a source switch or a teardown cancels exactly
/// that load and a cancelled load delivers nothing. The task starts immediately, so the request
/// leaves inside the event that asked for it.
@MainActor
final class ListingsViewModel: ListingsViewModelProtocol {
    // MARK: Outputs

    let sourceIndex: Observable<Int>
    let rows = Observable<[ListingRowViewModel]>([])
    let selectedRow = Observable<Int?>(nil)
    let status = Observable(DisplayText.empty)
    let footer = Observable<String?>(nil)
    let networkBanner: Observable<String>

    // MARK: Navigation

    /// How the view model asks for the detail screen without knowing what shows it. Set by the
    /// coordinator (which captures itself weakly: it owns, through the views, this view model).
    var showDetail: (@MainActor (ListingDetailViewModel) -> Void)?

    // MARK: Model

    private let appState: AppState
    private let feeds: [ListingSource: any ListingsFeed]
    /// The current source's listings, in row order.
    private var listings: [Listing] = []
    /// The load in flight, kept to be cancelled. Whether one is in flight is the feed's to say.
    private var loadTask: Task<Void, Never>?
    /// True from a failed load (not an empty source) until the next load starts: what the network
    /// coming back retries.
    private var loadFailed = false
    private let networkStatus: any NetworkStatus
    /// Handed to the detail view models this view model makes.
    private let pictureService: any PictureService

    /// - Parameters:
    ///   - appState: the shared model: the chosen source and the selected listing live there.
    ///   - feeds: one feed per source; the module's landing point owns their requests.
    ///   - networkStatus: the network type; the view model observes its changes (MVVM's place for them).
    ///   - pictureService: where a detail screen's picture comes from.
    init(
        appState: AppState, feeds: [ListingSource: any ListingsFeed], networkStatus: any NetworkStatus,
        pictureService: any PictureService
    ) {
        precondition(Set(feeds.keys) == Set(ListingSource.allCases), "one feed per source")
        self.appState = appState
        self.feeds = feeds
        self.networkStatus = networkStatus
        self.pictureService = pictureService
        sourceIndex = Observable(ListingSource.allCases.firstIndex(of: appState.listingSource) ?? 0)
        networkBanner = Observable("")
        // Weak: observing must not keep a torn-down screen alive; teardown stops it anyway.
        networkStatus.startObserving { [weak self] change in self?.networkTypeDidChange(change) }
        publishBanner(for: networkStatus.networkType)
    }

    // MARK: Inputs

    func viewDidLoad() {
        trace(.viewModel, self, "first page of \(source.label)")
        loadFirstPage()
    }

    func selectSource(at index: Int) {
        let chosen = ListingSource.allCases.indices.contains(index) ? ListingSource.allCases[index] : source
        trace(.viewModel, self, "\(source.label) → \(chosen.label): cancel previous")
        guard chosen != source else { return }
        // Cancel-previous: the old source's late reply is dropped, never shown.
        loadTask?.cancel()
        feed.cancelAllRequests()
        appState.listingSource = chosen
        sourceIndex.value = index
        listings = []
        publishListings()
        loadFirstPage()
    }

    /// Ignore-if-loading: a refresh never stacks on any load of this source in flight.
    func refresh() {
        trace(.viewModel, self, feed.isLoading ? "refresh ignored: already loading" : "refresh \(source.label)")
        guard !feed.isLoading else { return }
        loadFirstPage(refreshing: true)
    }

    func selectRow(_ row: Int) {
        trace(.viewModel, self, "row \(row) → model")
        guard listings.indices.contains(row) else { return }
        appState.selectedListingID = listings[row].globalID
        selectedRow.value = row
    }

    /// The next page, unless any load of this source is in flight (the same rule as a refresh).
    func loadNextPage() {
        trace(.viewModel, self, "next page of \(source.label)")
        guard !feed.isLoading, !listings.isEmpty, !feed.isLastPage else { return }
        footer.value = "loading more …"
        loadFailed = false
        let feed = self.feed
        loadTask = ServiceLoad.start { () async throws(LoadFailure) in
            try await feed.loadNextPage()
        } loaded: { [weak self] in self?.nextPageDidLoad($0) } failed: { [weak self] in self?.nextPageDidFail($0) }
    }

    func openRow(_ row: Int) {
        trace(.viewModel, self, "open row \(row) → coordinator")
        guard listings.indices.contains(row) else { return }
        let listingID = listings[row].globalID
        // One API feeding two views: the feed reads its raw data through the detail's own reformer.
        showDetail?(ListingDetailViewModel(
            listingID: listingID, detail: feed.detail(ofListingID: listingID), pictureService: pictureService))
    }

    /// The network layer's one notification, turned into state: the banner, and a retry of a
    /// failed load when the network is back.
    func networkTypeDidChange(_ change: NetworkTypeChange) {
        trace(.viewModel, self, "network type → \(change.new.rawValue)")
        publishBanner(for: change.new)
        if change.cameBack, loadFailed { refresh() }
    }

    /// The same banner text in every pattern: the model layer's words for the type.
    private func publishBanner(for networkType: NetworkType) {
        networkBanner.value = networkType.banner
    }

    // MARK: Teardown

    /// Ends the load this view model started; the builder calls it when the screen goes away.
    func cancelLoading() {
        trace(.viewModel, self, "cancel loading")
        networkStatus.stopObserving()
        loadTask?.cancel()
        loadTask = nil
    }

    // MARK: Loading

    private var source: ListingSource { appState.listingSource }

    /// The builder makes one feed per source (checked in `init`).
    private var feed: any ListingsFeed { feeds[source]! }

    /// Page 1 of the current source. The task holds the view model weakly (a reply must never keep
    /// a torn-down screen alive) and a cancelled load delivers nothing.
    private func loadFirstPage(refreshing: Bool = false) {
        status.value = DisplayText("Loading \(source.label) listings …")
        footer.value = nil
        loadFailed = false
        loadTask?.cancel()
        let feed = self.feed
        loadTask = ServiceLoad.start { () async throws(LoadFailure) in
            refreshing ? try await feed.refresh() : try await feed.loadFirstPage()
        } loaded: { [weak self] in self?.firstPageDidLoad($0) } failed: { [weak self] in self?.firstPageDidFail($0) }
    }

    private func firstPageDidLoad(_ loaded: [Listing]) {
        trace(.viewModel, self, "first page: \(loaded.count) listings")
        listings = loaded
        status.value = loaded.isEmpty ? DisplayText("No listings.") : .empty
        publishListings()
    }

    /// An empty source is no listings, not a failure; any other failure keeps the rows shown.
    private func firstPageDidFail(_ failure: LoadFailure) {
        trace(.viewModel, self, "first page failed: \(failure.shortName)")
        if failure == .empty {
            listings = []
            publishListings()
            status.value = DisplayText("No listings.")
        } else {
            loadFailed = true
            footer.value = nil
            status.value = DisplayText("Could not load the listings: \(failure.userMessage) Press r to retry.", isError: true)
        }
    }

    private func nextPageDidLoad(_ loaded: [Listing]) {
        trace(.viewModel, self, "next page: \(loaded.count) listings")
        listings = loaded
        status.value = .empty
        publishListings()
    }

    /// The rows stay as they were; the feed did not advance, so reaching the end again retries.
    private func nextPageDidFail(_ failure: LoadFailure) {
        trace(.viewModel, self, "next page failed: \(failure.shortName)")
        loadFailed = true
        footer.value = nil
        status.value = DisplayText("Could not load the listings: \(failure.userMessage) Press r to retry.", isError: true)
    }

    // MARK: Outputs from listings

    /// Rows, then the kept selection (the shared state's listing if it is here, else the first
    /// row), then the footer — rows first, so the view selects among the new rows.
    private func publishListings() {
        rows.value = listings.map(ListingRowViewModel.init)
        selectedRow.value = listings.firstIndex { $0.globalID == appState.selectedListingID } ?? (listings.isEmpty ? nil : 0)
        footer.value = !listings.isEmpty && feed.isLastPage ? "no more listings" : nil
    }
}
