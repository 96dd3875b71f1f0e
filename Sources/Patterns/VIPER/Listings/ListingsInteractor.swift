import Model
import Networking
import Reformers
import Tracing

/// VIPER's Interactor of the property list: all its data work. It picks the feed of the shared
/// source, loads pages, applies the request policies (cancel-previous when the source changes,
/// ignore-if-loading for a refresh), keeps the selection in the shared state and finds the
/// manager a listing's detail reads from. It formats nothing.
///
/// It uses the feeds' `async` style: "All" merges three managers and only offers `async`, and one
/// code path for the four sources matters more than the delegate's symmetry with the greeting.
/// Each load is a `Task` that holds the interactor weakly; switching source and teardown cancel
/// it, and a cancelled load reports nothing.
@MainActor
final class ListingsInteractor: ListingsInteractorInput {
    weak var output: (any ListingsInteractorOutput)?
    private let appState: AppState
    private let feeds: [ListingSource: any ListingsFeed]
    /// The shared source's listings as of its last load; empty while a first page loads.
    private var listings: [Listing] = []
    private var firstPageTask: Task<Void, Never>?
    private var nextPageTask: Task<Void, Never>?

    /// - Parameters:
    ///   - appState: the shared state: the source and the selected listing.
    ///   - feeds: one feed per source; their managers land on the module's landing point.
    init(appState: AppState, feeds: [ListingSource: any ListingsFeed]) {
        precondition(Set(feeds.keys) == Set(ListingSource.allCases), "one feed per source")
        self.appState = appState
        self.feeds = feeds
    }

    private var source: ListingSource { appState.listingSource }
    private var feed: any ListingsFeed { feeds[source]! }
    /// A load is running from the moment it is asked for, before its request is even sent.
    private var isLoading: Bool { firstPageTask != nil || nextPageTask != nil }
    private var canLoadNextPage: Bool { !listings.isEmpty && !isLoading && !feed.isLastPage }

    // MARK: - ListingsInteractorInput

    func loadListings() {
        trace(.interactor, self, "first page of \(source.label)")
        loadFirstPage()
    }

    func switchSource(to newSource: ListingSource) {
        trace(.interactor, self, "\(source.label) → \(newSource.label): cancel previous")
        guard newSource != source else { return }
        // Cancel-previous: the old source's requests go, and their late replies are dropped.
        cancelLoads()
        feed.cancelAllRequests()
        appState.listingSource = newSource
        loadFirstPage()
    }

    func refresh() {
        trace(.interactor, self, isLoading ? "ignore-if-loading: still loading, ignored" : "ignore-if-loading: reload \(source.label)")
        guard !isLoading else { return }
        loadFirstPage(refreshing: true)
    }

    func loadNextPage() {
        trace(.interactor, self, canLoadNextPage ? "next page of \(source.label)" : "no page to load now")
        guard canLoadNextPage else { return }
        let feed = self.feed
        output?.didStartLoadingMore()
        nextPageTask = Task { [weak self] in
            let result: Result<[Listing], APIError>
            do throws(APIError) { result = .success(try await feed.loadNextPage()) } catch { result = .failure(error) }
            // A cancelled load (the source changed, the screen went) reports nothing.
            guard !Task.isCancelled, result != .failure(.cancelled) else { return }
            self?.didFinishNextPage(result)
        }
    }

    func selectListing(at index: Int?) {
        trace(.interactor, self, "selection → model")
        guard let index, listings.indices.contains(index) else { return }
        appState.selectedListingID = listings[index].globalID
    }

    func openListing(at index: Int) {
        trace(.interactor, self, "open row \(index)")
        guard listings.indices.contains(index) else { return }
        let listing = listings[index]
        appState.selectedListingID = listing.globalID
        guard let manager = feed.manager(holding: listing) else { return }
        output?.didOpenListing(SelectedListingData(listingID: listing.id, name: listing.name, manager: manager))
    }

    // MARK: - Teardown

    /// Stops both loads (on teardown, after the landing point cancelled their requests).
    func cancelLoads() {
        trace(.interactor, self, "stop loading")
        firstPageTask?.cancel()
        nextPageTask?.cancel()
        firstPageTask = nil
        nextPageTask = nil
    }

    // MARK: - Private

    private func loadFirstPage(refreshing: Bool = false) {
        let feed = self.feed
        listings = []
        output?.didStartLoading(source)
        firstPageTask = Task { [weak self] in
            let result: Result<[Listing], APIError>
            do throws(APIError) {
                result = .success(refreshing ? try await feed.refresh() : try await feed.loadFirstPage())
            } catch {
                result = .failure(error)
            }
            guard !Task.isCancelled, result != .failure(.cancelled) else { return }
            self?.didFinishFirstPage(result)
        }
    }

    private func didFinishFirstPage(_ result: Result<[Listing], APIError>) {
        trace(.interactor, self, "\(source.label) page 1: " + ((try? result.get()).map { "\($0.count) listings" } ?? "failed"))
        firstPageTask = nil
        switch result {
        case .success(let loaded):
            listings = loaded
            output?.didLoadFirstPage(ListingsData(listings: loaded, isLastPage: feed.isLastPage, selectedIndex: selectedIndex))
        case .failure(.noContent):
            // A business rule, not a failure: an empty source has no listings.
            output?.didLoadFirstPage(ListingsData(listings: [], isLastPage: true, selectedIndex: nil))
        case .failure(let error):
            output?.didFailToLoad(error)
        }
    }

    private func didFinishNextPage(_ result: Result<[Listing], APIError>) {
        trace(.interactor, self, "\(source.label) next page: " + ((try? result.get()).map { "\($0.count) listings" } ?? "failed"))
        nextPageTask = nil
        switch result {
        case .success(let loaded):
            listings = loaded
            output?.didLoadMore(ListingsData(listings: loaded, isLastPage: feed.isLastPage, selectedIndex: selectedIndex))
        case .failure(let error):
            output?.didFailToLoadMore(error)
        }
    }

    /// The row of the shared selection, so a reload (or another pattern) keeps it; else the first.
    private var selectedIndex: Int? {
        listings.firstIndex { $0.globalID == appState.selectedListingID } ?? (listings.isEmpty ? nil : 0)
    }
}
