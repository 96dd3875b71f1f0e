import Model
import Networking
import Reformers
import ScreenViews
import Terminal
import Tracing
import Widgets

/// Cocoa MVC's property list, the massive view controller honestly shown: this one type owns the
/// `ListingsView`, is its list's data source and delegate, the source control's target and every
/// list manager's delegate, turns raw pages into rows, keeps the selection in the model and pushes
/// the detail screen. Nothing here can be tested without loading its view and driving its widgets.
///
/// What keeps it readable is order, not distribution: casatwy's layout (life cycle, one section
/// per delegate protocol, event response, private, getters and setters last) and oybq's timing
/// (views built in `loadView`, wiring in `viewDidLoad`, loading in `viewWillAppear`).
final class ListingsViewController: ViewController, ListViewDataSource, ListViewDelegate, APIManagerDelegate {
    private let appState: AppState
    /// One manager per team, each kept for the module's life, so a source shown again within the
    /// cache lifetime is a cache hit. The controller is their (weakly held) delegate.
    private let listManagers: [ListingKind: any PagedAPIManaging]
    /// "All": the three teams merged. It answers by `async`, not by delegate.
    private let allListingsFeed: AllListingsFeed
    /// The rows on screen: the current source's raw pages through `PropertyListReformer`.
    private var listings: [Listing] = []
    /// The feed's load in flight. The controller started it, so the controller cancels it: on a
    /// source switch and on teardown.
    private var allListingsTask: Task<Void, Never>?
    /// False once the first source is loading; coming back from the detail screen keeps the rows.
    private var needsFirstLoad = true

    /// - Parameters:
    ///   - appState: the model: the chosen source and the selected listing, shared by every pattern.
    ///   - listManagers: one paged manager per team; their landing point belongs to the module.
    ///   - allListingsFeed: the merged "All" source, over its own three managers.
    init(appState: AppState, listManagers: [ListingKind: any PagedAPIManaging], allListingsFeed: AllListingsFeed) {
        self.appState = appState
        self.listManagers = listManagers
        self.allListingsFeed = allListingsFeed
        super.init()
        title = "Listings"
    }

    // MARK: - Life cycle

    override func loadView() {
        view = ListingsView()
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        trace(.controller, self, "wire list, source control, managers")
        listingsView.listView.dataSource = self
        listingsView.listView.delegate = self
        listingsView.sourceControl.addTarget(self, action: ListingsViewController.didChangeSource)
        for manager in listManagers.values { manager.delegate = self }
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

    /// Teardown: ends the task this controller started. (The module's landing point cancels the
    /// managers' requests; the builder calls both.)
    func cancelLoading() {
        trace(.controller, self, "cancel the All task")
        allListingsTask?.cancel()
        allListingsTask = nil
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
        let listing = listings[row]
        let detail = ListingDetailViewController(listing: listing, listManager: listManager(holding: listing))
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

    // MARK: - APIManagerDelegate

    func managerDidSucceed(_ manager: any APIManaging) {
        trace(.controller, self, "\(manager.method) loaded")
        // Only the current source's manager is loading: a switch cancels the others.
        guard let listManager = currentListManager, manager === listManager else { return }
        showListings(listManager.fetchData(reformer: PropertyListReformer()) ?? [], isLastPage: listManager.isLastPage)
    }

    func managerDidFail(_ manager: any APIManaging, error: APIError) {
        trace(.controller, self, "\(manager.method) failed: \(error.shortName)")
        showFailure(error)
    }

    // MARK: - Event response

    /// The source control's `.valueChanged`, and ←/→ from anywhere on the screen: one path.
    func didChangeSource() {
        let newSource = ListingSource.allCases[listingsView.sourceControl.selectedIndex]
        trace(.controller, self, "source \(source.label) → \(newSource.label)")
        cancelRequests(of: source)
        appState.listingSource = newSource
        replaceRows(with: [])
        loadFirstPage()
    }

    /// Keys no view consumed: ←/→ (the list does not take them) and `r`.
    override func handleKey(_ key: Key) -> Bool {
        switch key {
        case .left, .right:
            let control = listingsView.sourceControl
            let index = control.selectedIndex + (key == .left ? -1 : 1)
            guard control.segments.indices.contains(index) else { return true }
            control.selectedIndex = index  // sends no event: the next line is the event
            didChangeSource()
            return true
        case .character("r"):
            trace(.controller, self, "refresh \(source.label)")
            refresh()
            return true
        default:
            return false
        }
    }

    // MARK: - Private

    /// Page 1 of the current source, cancelling whatever the manager has in flight (cancel-previous).
    private func loadFirstPage() {
        showFirstPageLoading()
        if let listManager = currentListManager {
            trace(.controller, self, "\(listManager.method) page 1")
            listManager.requestPolicy = .cancelPrevious
            listManager.loadFirstPage()
        } else {
            trace(.controller, self, "All page 1")
            loadAllListings(.first)
        }
    }

    /// Page 1 again from the server; ignored while a load is in flight (ignore-if-loading).
    private func refresh() {
        if let listManager = currentListManager {
            if !listManager.isLoading { showFirstPageLoading() }
            listManager.refresh()  // the manager applies the policy, and traces an ignored call
        } else {
            // The feed answers by async, so the controller applies the policy to its own task.
            guard allListingsTask == nil else {
                trace(.controller, self, "refresh ignored: already loading")
                return
            }
            showFirstPageLoading()
            loadAllListings(.refresh)
        }
    }

    private func loadNextPage() {
        if let listManager = currentListManager {
            guard !listManager.isLastPage, !listManager.isLoading else { return }
            listingsView.listView.footerText = "loading more …"
            listManager.loadNextPage()
        } else {
            guard !allListingsFeed.isLastPage, allListingsTask == nil else { return }
            listingsView.listView.footerText = "loading more …"
            loadAllListings(.next)
        }
    }

    /// "All" through the feed. The task holds the controller weakly and drops a cancelled result,
    /// so nothing lands on a screen that switched source or went away.
    private enum FeedLoad { case first, next, refresh }

    private func loadAllListings(_ load: FeedLoad) {
        allListingsTask?.cancel()
        allListingsTask = Task { [weak self, allListingsFeed] in
            let result: Result<[Listing], APIError>
            do throws(APIError) {
                switch load {
                case .first: result = .success(try await allListingsFeed.loadFirstPage())
                case .next: result = .success(try await allListingsFeed.loadNextPage())
                case .refresh: result = .success(try await allListingsFeed.refresh())
                }
            } catch {
                result = .failure(error)
            }
            guard !Task.isCancelled, let self else { return }
            self.allListingsTask = nil
            switch result {
            case .success(let listings): self.showListings(listings, isLastPage: allListingsFeed.isLastPage)
            case .failure(let error): self.showFailure(error)
            }
        }
    }

    /// Cancel-previous across sources: the old source's requests go, and their late replies are dropped.
    private func cancelRequests(of oldSource: ListingSource) {
        if oldSource == .all {
            allListingsTask?.cancel()
            allListingsTask = nil
            for manager in allListingsFeed.managers { manager.cancelAllRequests() }
        } else {
            for kind in oldSource.kinds { listManagers[kind]?.cancelAllRequests() }
        }
    }

    private func showFirstPageLoading() {
        listingsView.showStatus("Loading \(source.label) listings …")
        listingsView.listView.footerText = nil
    }

    private func showListings(_ newListings: [Listing], isLastPage: Bool) {
        replaceRows(with: newListings)
        listingsView.listView.footerText = isLastPage && !listings.isEmpty ? "no more listings" : nil
        listingsView.showStatus(listings.isEmpty ? "No listings." : "")
    }

    private func showFailure(_ error: APIError) {
        listingsView.listView.footerText = nil
        // An empty first page comes back as "no content": for a list that is simply no listings.
        if error == .noContent, listings.isEmpty {
            listingsView.showStatus("No listings.")
            return
        }
        listingsView.showStatus("Could not load the listings: \(error.userMessage) Press r to retry.", isError: true)
    }

    /// New rows, with the model's selected listing selected again if it is among them (else the first).
    private func replaceRows(with newListings: [Listing]) {
        listings = newListings
        let listView = listingsView.listView
        listView.reloadData()
        listView.selectedRow = listings.firstIndex { $0.globalID == appState.selectedListingID }
            ?? (listings.isEmpty ? nil : 0)
    }

    /// The manager whose raw data holds `listing`: the detail reads it through a second reformer.
    private func listManager(holding listing: Listing) -> any APIManaging {
        guard source == .all, let index = ListingKind.allCases.firstIndex(of: listing.kind) else {
            return listManagers[listing.kind]!
        }
        return allListingsFeed.managers[index]  // the feed's managers are in `ListingKind` order
    }

    // MARK: - Getters and setters

    /// Built in `loadView`; the getter only names it.
    private var listingsView: ListingsView { view as! ListingsView }

    /// The source lives in the model, so a pattern switch keeps it.
    private var source: ListingSource { appState.listingSource }

    /// The current source's manager; nil for "All", which the feed loads.
    private var currentListManager: (any PagedAPIManaging)? {
        source == .all ? nil : source.kinds.first.flatMap { listManagers[$0] }
    }
}
