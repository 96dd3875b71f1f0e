import Model
import Reformers
import Tracing

/// VIPER's Interactor of the property list: all its data work. It picks the feed of the shared
/// source, loads pages, applies the request policies (cancel-previous when the source changes,
/// ignore-if-loading for a refresh or a next page), keeps the selection in the shared state and
/// hands the presenter plain data and failure messages — no entity, no error type crosses.
///
/// Each load is one `Task` the interactor owns, so a source switch or a teardown cancels exactly
/// that load and a cancelled load delivers nothing. The task starts immediately, so the request
/// leaves inside the event that asked for it.
@MainActor
final class ListingsInteractor: ListingsInteractorInput {
    weak var output: (any ListingsInteractorOutput)?
    private let appState: AppState
    private let feeds: [ListingSource: any ListingsFeed]
    /// The shared source's listings as of its last load.
    private var listings: [Listing] = []
    /// The load in flight, kept to be cancelled. Whether one is in flight is the feed's to say.
    private var loadTask: Task<Void, Never>?
    /// True from a failed load (not an empty source) until the next load starts: what the network
    /// coming back retries.
    private var loadFailed = false
    private let networkStatus: any NetworkStatus

    /// - Parameters:
    ///   - appState: the shared state: the source and the selected listing.
    ///   - feeds: one feed per source; their managers land on the module's landing point.
    ///   - networkStatus: the network type; the interactor observes its changes (VIPER's place for
    ///     them) and tells its output.
    init(appState: AppState, feeds: [ListingSource: any ListingsFeed], networkStatus: any NetworkStatus) {
        precondition(Set(feeds.keys) == Set(ListingSource.allCases), "one feed per source")
        self.appState = appState
        self.feeds = feeds
        self.networkStatus = networkStatus
        // Weak: observing must not keep a torn-down screen alive; teardown stops it anyway.
        networkStatus.startObserving { [weak self] change in self?.networkTypeDidChange(change) }
    }

    private var source: ListingSource { appState.listingSource }
    private var feed: any ListingsFeed { feeds[source]! }

    // MARK: - ListingsInteractorInput

    func loadListings() {
        trace(.interactor, self, "first page of \(source.label)")
        output?.didProvideNetworkType(networkStatus.networkType)
        loadFirstPage()
    }

    func switchSource(to chosen: ListingSource) {
        trace(.interactor, self, "\(source.label) → \(chosen.label): cancel previous")
        guard chosen != source else { return }
        // Cancel-previous: the old source's late reply is dropped, never shown.
        loadTask?.cancel()
        feed.cancelAllRequests()
        appState.listingSource = chosen
        listings = []
        output?.didSwitchSource(to: chosen)
        loadFirstPage()
    }

    /// Ignore-if-loading: a refresh never stacks on any load of this source in flight.
    func refresh() {
        trace(.interactor, self, feed.isLoading ? "refresh ignored: already loading" : "refresh \(source.label)")
        guard !feed.isLoading else { return }
        loadFirstPage(refreshing: true)
    }

    /// The next page, unless any load of this source is in flight (the same rule as a refresh).
    func loadNextPage() {
        trace(.interactor, self, "next page of \(source.label)")
        guard !feed.isLoading, !listings.isEmpty, !feed.isLastPage else { return }
        output?.didStartLoadingMore()
        loadFailed = false
        let feed = self.feed
        loadTask = ServiceLoad.start { () async throws(LoadFailure) in
            try await feed.loadNextPage()
        } loaded: { [weak self] in self?.nextPageDidLoad($0) } failed: { [weak self] in self?.nextPageDidFail($0) }
    }

    /// The network layer's one notification: the output hears the new type, and a failed load is
    /// retried when the network is back.
    func networkTypeDidChange(_ change: NetworkTypeChange) {
        trace(.interactor, self, "network type → \(change.new.rawValue)")
        output?.didProvideNetworkType(change.new)
        if change.cameBack, loadFailed { refresh() }
    }

    func selectListing(at index: Int?) {
        trace(.interactor, self, "selection → model")
        guard let index, listings.indices.contains(index) else { return }
        appState.selectedListingID = listings[index].globalID
    }

    func openListing(at index: Int) {
        trace(.interactor, self, "open row \(index)")
        guard listings.indices.contains(index) else { return }
        appState.selectedListingID = listings[index].globalID
        output?.didOpenListing(SelectedListingData(listingID: listings[index].globalID))
    }

    // MARK: - Teardown

    /// Ends the load this interactor started; the builder calls it when the screen goes away.
    func cancelLoading() {
        trace(.interactor, self, "cancel loading")
        networkStatus.stopObserving()
        loadTask?.cancel()
        loadTask = nil
    }

    // MARK: - Private

    /// Page 1 of the current source. The task holds the interactor weakly (a reply must never keep
    /// a torn-down screen alive) and a cancelled load delivers nothing.
    private func loadFirstPage(refreshing: Bool = false) {
        output?.didStartLoading(source)
        loadFailed = false
        loadTask?.cancel()
        let feed = self.feed
        loadTask = ServiceLoad.start { () async throws(LoadFailure) in
            refreshing ? try await feed.refresh() : try await feed.loadFirstPage()
        } loaded: { [weak self] in self?.firstPageDidLoad($0) } failed: { [weak self] in self?.firstPageDidFail($0) }
    }

    private func firstPageDidLoad(_ loaded: [Listing]) {
        trace(.interactor, self, "first page: \(loaded.count) listings")
        listings = loaded
        output?.didLoadFirstPage(data())
    }

    /// An empty source is a business rule, not a failure: it has no listings.
    private func firstPageDidFail(_ failure: LoadFailure) {
        trace(.interactor, self, "first page failed: \(failure.shortName)")
        if failure == .empty {
            listings = []
            output?.didLoadFirstPage(data())
        } else {
            loadFailed = true
            output?.didFailToLoad(message: failure.userMessage)
        }
    }

    private func nextPageDidLoad(_ loaded: [Listing]) {
        trace(.interactor, self, "next page: \(loaded.count) listings")
        listings = loaded
        output?.didLoadMore(data())
    }

    private func nextPageDidFail(_ failure: LoadFailure) {
        trace(.interactor, self, "next page failed: \(failure.shortName)")
        loadFailed = true
        output?.didFailToLoadMore(message: failure.userMessage)
    }

    /// The listings as the presenter needs them, with the row of the shared selection, so a
    /// reload (or another pattern) keeps it; else the first.
    private func data() -> ListingsData {
        ListingsData(
            items: listings.map {
                ListingsData.Item(name: $0.name, kindLabel: $0.kind.label, title: $0.title, priceText: $0.price?.text ?? "")
            },
            isLastPage: feed.isLastPage,
            selectedIndex: listings.firstIndex { $0.globalID == appState.selectedListingID } ?? (listings.isEmpty ? nil : 0))
    }
}
