import Model
import Networking
import Reformers
import Tracing

/// MVVM's view model for the property list. It owns the list's logic — which source, when to
/// cancel, when to ignore a refresh, when to page, which row stays selected — and turns listings
/// into row view models, status and footer the view binds to. It holds no view and no view
/// controller: for the detail screen it makes the detail's view model and hands it to whoever set
/// `showDetail` (its coordinator).
///
/// Loads use the feeds' `async` style: each load is one `Task` the view model owns, so a source
/// switch, a refresh or a teardown cancels exactly that load, and a cancelled load delivers nothing.
@MainActor
final class ListingsViewModel: ListingsViewModelProtocol {
    // MARK: Outputs

    let sourceIndex: Observable<Int>
    let rows = Observable<[ListingRowViewModel]>([])
    let selectedRow = Observable<Int?>(nil)
    let status = Observable(DisplayText.empty)
    let footer = Observable<String?>(nil)

    // MARK: Navigation

    /// How the view model asks for the detail screen without knowing what shows it. Set by the
    /// coordinator (which captures itself weakly: it owns, through the views, this view model).
    var showDetail: (@MainActor (ListingDetailViewModel) -> Void)?

    // MARK: Model

    private let appState: AppState
    private let feeds: [ListingSource: any ListingsFeed]
    /// The current source's listings, in row order.
    private var listings: [Listing] = []
    private var firstPageTask: Task<Void, Never>?
    private var nextPageTask: Task<Void, Never>?

    /// - Parameters:
    ///   - appState: the shared model: the chosen source and the selected listing live there.
    ///   - feeds: one feed per source; the module's landing point owns their requests.
    init(appState: AppState, feeds: [ListingSource: any ListingsFeed]) {
        precondition(Set(feeds.keys) == Set(ListingSource.allCases), "one feed per source")
        self.appState = appState
        self.feeds = feeds
        sourceIndex = Observable(ListingSource.allCases.firstIndex(of: appState.listingSource) ?? 0)
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
        cancelTasks()
        feed.cancelAllRequests()
        appState.listingSource = chosen
        sourceIndex.value = index
        listings = []
        publishListings()
        loadFirstPage()
    }

    func refresh() {
        trace(.viewModel, self, firstPageTask == nil ? "refresh \(source.label)" : "refresh ignored: already loading")
        // Ignore-if-loading: a refresh never stacks on a first page already on its way.
        guard firstPageTask == nil else { return }
        loadFirstPage(refreshing: true)
    }

    func selectRow(_ row: Int) {
        trace(.viewModel, self, "row \(row) → model")
        guard listings.indices.contains(row) else { return }
        appState.selectedListingID = listings[row].globalID
        selectedRow.value = row
    }

    func loadNextPage() {
        trace(.viewModel, self, "next page of \(source.label)")
        guard firstPageTask == nil, nextPageTask == nil, !listings.isEmpty, !feed.isLastPage else { return }
        footer.value = "loading more …"
        let feed = self.feed
        nextPageTask = Task { [weak self] in
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

    func openRow(_ row: Int) {
        trace(.viewModel, self, "open row \(row) → coordinator")
        guard listings.indices.contains(row) else { return }
        let listing = listings[row]
        // One API feeding two views: the manager's raw data, through the detail's own reformer.
        let detail = feed.manager(holding: listing)?.fetchData(reformer: ListingDetailReformer(listingID: listing.id)) ?? nil
        showDetail?(ListingDetailViewModel(listing: listing, detail: detail))
    }

    // MARK: Teardown

    /// Ends the loads this view model started: on a source switch, and (from the builder) when the
    /// screen goes away.
    func cancelLoading() {
        trace(.viewModel, self, "cancel loading")
        cancelTasks()
    }

    // MARK: Loading

    private var source: ListingSource { appState.listingSource }

    /// The builder makes one feed per source (checked in `init`).
    private var feed: any ListingsFeed { feeds[source]! }

    private func loadFirstPage(refreshing: Bool = false) {
        status.value = DisplayText("Loading \(source.label) listings …")
        footer.value = nil
        cancelTasks()
        let feed = self.feed
        // Weak: a reply must never keep a torn-down screen alive.
        firstPageTask = Task { [weak self] in
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
        trace(.viewModel, self, "first page: \(loaded.count) listings")
        firstPageTask = nil
        listings = loaded
        status.value = loaded.isEmpty ? DisplayText("No listings.") : .empty
        publishListings()
    }

    private func firstPageDidFail(_ error: APIError) {
        trace(.viewModel, self, "first page failed: \(error.shortName)")
        firstPageTask = nil
        switch error {
        case .cancelled:
            return  // the landing point cancels on teardown: nothing to say to a screen that went away
        case .noContent:
            // An empty first page arrives as "no content": for the user, simply no listings.
            listings = []
            publishListings()
            status.value = DisplayText("No listings.")
        default:
            footer.value = nil
            status.value = DisplayText("Could not load the listings: \(error.userMessage) Press r to retry.", isError: true)
        }
    }

    private func nextPageDidLoad(_ loaded: [Listing]) {
        trace(.viewModel, self, "next page: \(loaded.count) listings")
        nextPageTask = nil
        listings = loaded
        status.value = .empty
        publishListings()
    }

    /// The rows stay as they were; the feed did not advance, so reaching the end again retries.
    private func nextPageDidFail(_ error: APIError) {
        trace(.viewModel, self, "next page failed: \(error.shortName)")
        nextPageTask = nil
        guard error != .cancelled else { return }
        footer.value = nil
        status.value = DisplayText("Could not load the listings: \(error.userMessage) Press r to retry.", isError: true)
    }

    private func cancelTasks() {
        firstPageTask?.cancel()
        nextPageTask?.cancel()
        firstPageTask = nil
        nextPageTask = nil
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
