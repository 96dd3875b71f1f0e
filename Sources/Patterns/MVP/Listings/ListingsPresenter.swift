import Model
import Networking
import ModelServices
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
    /// The user asked for the next district (the `d` key).
    func didRequestNextDistrict()
    /// The user moved the selection to `row`.
    func didMoveSelection(to row: Int)
    /// The last row came on screen.
    func didReachLastRow()
    /// The user opened `row` (Enter).
    func didSelectRow(_ row: Int)
}

/// MVP's presenter for the property list, casatwy's way: it holds one list manager per source,
/// asks the current one for pages, hears back as its delegate, and hands the view the rows the
/// `PropertyListReformer` made — strings ready to draw, converted once. The managers keep the
/// policies (cancel-previous, ignore-if-loading); the presenter only says what it wants. It keeps
/// the selection in the shared state and asks its router for the detail. It knows its view only as
/// `ListingsView` and its router only as `ListingsRouter`, so both are spies in the tests.
@MainActor
final class ListingsPresenter: ListingsViewPresenter {
    /// Weak: the view owns its presenter; a strong reference back would be a cycle.
    private weak var view: (any ListingsView)?
    private let appState: AppState
    private let managers: [ListingSource: any PagedDataManaging]
    /// The reformer the presenter reads its rows through: one step from raw data to the view.
    private let reformer = PropertyListReformer()
    /// Strong: the presenter is the router's only owner.
    private let router: any ListingsRouter
    /// What the view shows now, in row order.
    private var rows: [[PropertyListKey: String]] = []
    private let networkStatus: any NetworkStatus

    /// - Parameters:
    ///   - view: the passive view, held weakly.
    ///   - appState: the shared model: the chosen source and the selected listing live there.
    ///   - managers: one list manager per source; the module's landing point owns their requests.
    ///   - router: shows the detail.
    ///   - networkStatus: the network type; the presenter observes its changes (MVP's place for them).
    init(
        view: any ListingsView, appState: AppState, managers: [ListingSource: any PagedDataManaging],
        router: any ListingsRouter, networkStatus: any NetworkStatus
    ) {
        precondition(Set(managers.keys) == Set(ListingSource.allCases), "one manager per source")
        self.view = view
        self.appState = appState
        self.managers = managers
        self.router = router
        self.networkStatus = networkStatus
        for manager in managers.values {
            manager.delegate = self
            manager.parameterSource = self
        }
        // Weak: observing must not keep a torn-down screen alive; teardown stops it anyway.
        networkStatus.startObserving { [weak self] change in self?.networkTypeDidChange(change) }
    }

    // MARK: - ListingsViewPresenter

    func viewDidLoad() {
        @Traced(.presenter, self, "source \(source.label)") var call
        view?.showSource(at: ListingSource.allCases.firstIndex(of: source) ?? 0)
        showBanner(for: networkStatus.networkType)
        view?.showDistrict(DistrictFilter.label(for: appState.district))
        if manager.loadFirstPage() { showLoading() }
    }

    func didChooseSource(at index: Int) {
        let chosen = ListingSource.allCases.indices.contains(index) ? ListingSource.allCases[index] : source
        @Traced(.presenter, self, "\(source.label) → \(chosen.label)") var call
        guard chosen != source else { return }
        // The source left behind sends nothing more: a late reply of its is dropped, never shown.
        manager.cancelAllRequests()
        appState.listingSource = chosen
        rows = []
        showRows()
        if manager.loadFirstPage() { showLoading() }
    }

    func didRequestRefresh() {
        @Traced(.presenter, self, "refresh \(source.label)") var call
        if manager.refresh() { showLoading() }
    }

    /// A new first page of the same source, whose request the manager sends in place of one still
    /// loading for the district before (cancel-previous).
    func didRequestNextDistrict() {
        appState.district = DistrictFilter.next(after: appState.district)
        @Traced(.presenter, self, "district → \(appState.district ?? "any")") var call
        view?.showDistrict(DistrictFilter.label(for: appState.district))
        if manager.loadFirstPage() { showLoading() }
    }

    func didMoveSelection(to row: Int) {
        @Traced(.presenter, self, "select row \(row) → model") var call
        guard rows.indices.contains(row) else { return }
        appState.selectedListingID = rows[row][.id]
    }

    func didReachLastRow() {
        @Traced(.presenter, self, "last row on screen: next page") var call
        if manager.loadNextPage() { view?.showFooter("loading more …") }
    }

    func didSelectRow(_ row: Int) {
        @Traced(.presenter, self, "open row \(row)") var call
        guard rows.indices.contains(row), let listingID = rows[row][.id] else { return }
        appState.selectedListingID = listingID
        // The detail reads the raw data the manager already holds: nothing loads again.
        router.showDetail(ofListingID: listingID, in: manager)
    }

    /// The network layer's one notification: the banner, and a retry of a failed load when the
    /// network is back.
    func networkTypeDidChange(_ change: NetworkTypeChange) {
        @Traced(.presenter, self, "network type → \(change.new.rawValue)") var call
        showBanner(for: change.new)
        if change.cameBack, manager.state.isFailed { didRequestRefresh() }
    }

    /// The same banner text in every pattern: the model layer's words for the type.
    private func showBanner(for networkType: NetworkType) {
        view?.showNetworkBanner(networkType.banner)
    }

    // MARK: - Module life

    /// Stops observing the network type; the builder calls it when the screen is torn down (the
    /// landing point cancels the requests).
    func stopObserving() {
        @Traced(.presenter, self, "stop observing") var call
        networkStatus.stopObserving()
    }

    // MARK: - Loading

    private var source: ListingSource { appState.listingSource }

    /// The builder makes one manager per source (checked in `init`).
    private var manager: any PagedDataManaging { managers[source]! }

    /// The status while a request the manager sent is out (one it ignored or answered changes nothing).
    private func showLoading() {
        view?.showStatus("Loading \(source.label) listings …", isError: false)
        view?.showFooter(nil)
    }

    /// Rows, the kept selection (the shared state's listing if it is here, else the first row),
    /// and the footer.
    private func showRows() {
        let selected = rows.firstIndex { $0[.id] == appState.selectedListingID } ?? (rows.isEmpty ? nil : 0)
        view?.showRows(rows, selectedRow: selected)
        view?.showFooter(!rows.isEmpty && manager.isLastPage ? "no more listings" : nil)
    }
}

// MARK: - APIManagerParameterSource

extension ListingsPresenter: APIManagerParameterSource {
    /// The district filter, asked for as each request is made (casatwy's param source).
    func parameters(for manager: any DataManaging) -> [String: String] {
        appState.district.map { [ListingParameter.district: $0] } ?? [:]
    }
}

// MARK: - APIManagerDelegate

extension ListingsPresenter: APIManagerDelegate {
    /// The manager's one success callback: every page so far, through the presenter's reformer.
    func managerDidSucceed(_ manager: any DataManaging) {
        @Traced(.presenter, self, "rows through its reformer") var call
        rows = manager.fetchData(with: reformer) ?? []
        view?.showStatus(rows.isEmpty ? "No listings." : "", isError: false)
        showRows()
    }

    /// An empty source is no listings, not a failure; any other failure keeps the rows shown.
    func managerDidFail(_ manager: any DataManaging, error: APIError) {
        @Traced(.presenter, self, "failed: \(LoadFailure(error).shortName)") var call
        let failure = LoadFailure(error)
        view?.showFooter(nil)
        if failure == .empty {
            rows = []
            showRows()
            view?.showStatus("No listings.", isError: false)
        } else {
            view?.showStatus("Could not load the listings: \(failure.userMessage) Press r to retry.", isError: true)
        }
    }
}
