import Model
import Reformers
import ScreenViews
import Terminal
import Tracing
import Widgets

/// Cocoa MVC's property list with a fat model: the model layer (`ListingsFeed`, one per source)
/// does the loading, paging and reforming; this controller owns the `ListingsView`, is its list's
/// data source and delegate and the source control's target, asks the model for pages, keeps the
/// selection in the shared state and pushes the detail screen. Nothing here can be tested without
/// loading its view and driving its widgets.
///
/// What keeps it readable is order, not distribution: casatwy's layout (life cycle, one section
/// per delegate protocol, event response, private, getters and setters last) and oybq's timing
/// (views built in `loadView`, wiring in `viewDidLoad`, loading in `viewWillAppear`).
final class ListingsViewController: ViewController, ListViewDataSource, ListViewDelegate {
    private let appState: AppState
    /// One feed per source, kept for the module's life, so a source shown again within the cache
    /// lifetime is a cache hit.
    private let feeds: [ListingSource: any ListingsFeed]
    /// The rows on screen, as the current source's feed last gave them.
    private var listings: [Listing] = []
    /// The load in flight. The controller started it, so the controller cancels it: on a source
    /// switch and on teardown.
    private var loadTask: Task<Void, Never>?
    /// False once the first source is loading; coming back from the detail screen keeps the rows.
    private var needsFirstLoad = true
    /// True from a failed load (not an empty source) until the next load starts: what the network
    /// coming back retries.
    private var loadFailed = false
    private let networkStatus: any NetworkStatus
    /// Handed to the detail screens this controller pushes.
    private let pictureService: any PictureService

    /// - Parameters:
    ///   - appState: the model: the chosen source and the selected listing, shared by every pattern.
    ///   - feeds: one feed per source; their requests land on the module's landing point.
    ///   - networkStatus: the network type; the controller observes its changes (MVC's place for them).
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
        super.init()
        title = "Listings"
    }

    // MARK: - Life cycle

    override func loadView() {
        view = ListingsView()
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        trace(.controller, self, "wire list and source control")
        listingsView.listView.dataSource = self
        listingsView.listView.delegate = self
        listingsView.sourceControl.addTarget(self, action: ListingsViewController.didChangeSource)
        showBanner(for: networkStatus.networkType)
        // Weak: observing must not keep a torn-down screen alive; teardown stops it anyway.
        networkStatus.startObserving { [weak self] change in self?.networkTypeDidChange(change) }
    }

    override func viewWillAppear() {
        super.viewWillAppear()
        trace(.controller, self, needsFirstLoad ? "load \(source.label) from the model" : "rows kept")
        guard needsFirstLoad else { return }
        needsFirstLoad = false
        listingsView.sourceControl.selectedIndex = ListingSource.allCases.firstIndex(of: source) ?? 0
        loadFirstPage()
    }

    override var preferredFocusedView: View? { listingsView.listView }

    /// Teardown: ends the load this controller started; a cancelled load delivers nothing.
    func cancelLoading() {
        trace(.controller, self, "cancel loading")
        networkStatus.stopObserving()
        loadTask?.cancel()
        loadTask = nil
    }

    // MARK: - ListViewDataSource

    func numberOfRows(in listView: ListView) -> Int {
        trace(.controller, self, "\(listings.count) rows")
        return listings.count
    }

    // Not traced: the list asks for every visible row on every frame.
    func listView(_ listView: ListView, cellForRow row: Int) -> ListCell {
        let listing = listings[row]
        return ListCell(title: listing.name, subtitle: listing.kind.label + " · " + listing.title,
                        accessory: listing.price?.text ?? "")
    }

    // MARK: - ListViewDelegate

    /// Enter on a row: in Cocoa MVC the controller itself makes the next controller and pushes it.
    func listView(_ listView: ListView, didSelectRow row: Int) {
        trace(.controller, self, "push detail of \(listings[row].globalID)")
        let detail = ListingDetailViewController(listingID: listings[row].globalID, feed: feed, pictureService: pictureService)
        navigationController?.pushViewController(detail)
    }

    func listView(_ listView: ListView, didMoveSelectionTo row: Int) {
        trace(.controller, self, "selected \(listings[row].globalID)")
        appState.selectedListingID = listings[row].globalID
    }

    func listView(_ listView: ListView, willDisplayLastRow row: Int) {
        trace(.controller, self, "last row on screen")
        loadNextPage()
    }

    // MARK: - Event response

    /// The source control's `.valueChanged` (←/→ from anywhere on the screen reach the control).
    func didChangeSource() {
        let chosen = ListingSource.allCases[listingsView.sourceControl.selectedIndex]
        trace(.controller, self, "\(source.label) → \(chosen.label): cancel previous")
        guard chosen != source else { return }
        // Cancel-previous: the old source's late reply is dropped, never shown.
        loadTask?.cancel()
        feed.cancelAllRequests()
        appState.listingSource = chosen
        listings = []
        showListings()
        loadFirstPage()
    }

    /// Keys no view consumed: ←/→ go to the source control, as when it has focus; `r` refreshes.
    override func handleKey(_ key: Key) -> Bool {
        switch key {
        case .left, .right:
            return listingsView.sourceControl.handleKey(key)
        case .character("r"):
            refresh()
            return true
        default:
            return false
        }
    }

    /// The network layer's one notification, caught here as any other event: the banner, and a
    /// retry of a failed load when the network is back.
    func networkTypeDidChange(_ change: NetworkTypeChange) {
        trace(.controller, self, "network type → \(change.new.rawValue)")
        showBanner(for: change.new)
        if change.cameBack, loadFailed { refresh() }
    }

    /// The same banner text in every pattern: the model layer's words for the type.
    private func showBanner(for networkType: NetworkType) {
        listingsView.showNetworkBanner(networkType.banner)
    }

    // MARK: - Private: loading

    /// Ignore-if-loading: a refresh never stacks on any load of this source in flight.
    private func refresh() {
        trace(.controller, self, feed.isLoading ? "refresh ignored: already loading" : "refresh \(source.label)")
        guard !feed.isLoading else { return }
        loadFirstPage(refreshing: true)
    }

    /// Page 1 of the current source. The task holds the controller weakly (a reply must never
    /// keep a torn-down screen alive) and a cancelled load delivers nothing.
    private func loadFirstPage(refreshing: Bool = false) {
        listingsView.showStatus("Loading \(source.label) listings …")
        listingsView.listView.footerText = nil
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
        listingsView.listView.footerText = "loading more …"
        loadFailed = false
        let feed = self.feed
        loadTask = ServiceLoad.start { () async throws(LoadFailure) in
            try await feed.loadNextPage()
        } loaded: { [weak self] in self?.nextPageDidLoad($0) } failed: { [weak self] in self?.nextPageDidFail($0) }
    }

    private func firstPageDidLoad(_ loaded: [Listing]) {
        trace(.controller, self, "first page: \(loaded.count) listings")
        listings = loaded
        listingsView.showStatus(loaded.isEmpty ? "No listings." : "")
        showListings()
    }

    /// An empty source is no listings, not a failure; any other failure keeps the rows shown.
    private func firstPageDidFail(_ failure: LoadFailure) {
        trace(.controller, self, "first page failed: \(failure.shortName)")
        if failure == .empty {
            listings = []
            showListings()
            listingsView.showStatus("No listings.")
        } else {
            loadFailed = true
            listingsView.listView.footerText = nil
            listingsView.showStatus("Could not load the listings: \(failure.userMessage) Press r to retry.", isError: true)
        }
    }

    private func nextPageDidLoad(_ loaded: [Listing]) {
        trace(.controller, self, "next page: \(loaded.count) listings")
        listings = loaded
        listingsView.showStatus("")
        showListings()
    }

    /// The rows stay as they were; the feed did not advance, so reaching the end again retries.
    private func nextPageDidFail(_ failure: LoadFailure) {
        trace(.controller, self, "next page failed: \(failure.shortName)")
        loadFailed = true
        listingsView.listView.footerText = nil
        listingsView.showStatus("Could not load the listings: \(failure.userMessage) Press r to retry.", isError: true)
    }

    // MARK: - Private: showing

    /// Rows, the kept selection (the shared state's listing if it is here, else the first row),
    /// and the footer.
    private func showListings() {
        let listView = listingsView.listView
        listView.reloadData()
        listView.selectedRow = listings.firstIndex { $0.globalID == appState.selectedListingID }
            ?? (listings.isEmpty ? nil : 0)
        listView.footerText = !listings.isEmpty && feed.isLastPage ? "no more listings" : nil
    }

    // MARK: - Getters and setters

    /// Built in `loadView`; the getter only names it.
    private var listingsView: ListingsView { view as! ListingsView }

    /// The source lives in the model, so a pattern switch keeps it.
    private var source: ListingSource { appState.listingSource }

    /// The current source's feed (one per source, checked in `init`).
    private var feed: any ListingsFeed { feeds[source]! }
}
