import Model
import Networking
import ModelServices
import ScreenViews
import Terminal
import Tracing
import Widgets

/// Cocoa MVC's property list, casatwy's way: the controller holds one list manager per source,
/// asks the current one for pages, hears back as its delegate, and reads the data through the
/// `PropertyListReformer` it chose — rows ready to draw, so nothing converts them again. The
/// managers keep the policies (cancel-previous, ignore-if-loading); the controller only says
/// what it wants. It owns the `ListingsView`, is its list's data source and delegate and the
/// source control's target, keeps the selection in the shared state and pushes the detail screen.
/// Nothing here can be tested without loading its view and driving its widgets.
///
/// What keeps it readable is order, not distribution: casatwy's layout (life cycle, one section
/// per delegate protocol, event response, private, getters and setters last) and oybq's timing
/// (views built in `loadView`, wiring in `viewDidLoad`, loading in `viewWillAppear`).
final class ListingsViewController: ViewController, ListViewDataSource, ListViewDelegate {
    private let appState: AppState
    /// One manager per source, kept for the module's life, so a source shown again within the
    /// cache lifetime is a cache hit.
    private let managers: [ListingSource: any PagedDataManaging]
    /// The reformer this controller reads its rows through: one step from raw data to the cell.
    private let reformer = PropertyListReformer()
    /// The rows on screen, as the reformer gave them.
    private var rows: [[PropertyListKey: String]] = []
    /// False once the first source is loading; coming back from the detail screen keeps the rows.
    private var needsFirstLoad = true
    private let networkStatus: any NetworkStatus
    /// Handed to the detail screens this controller pushes.
    private let pictureService: any PictureService

    /// - Parameters:
    ///   - appState: the model: the chosen source and the selected listing, shared by every pattern.
    ///   - managers: one list manager per source; their requests land on the module's landing point.
    ///   - networkStatus: the network type; the controller observes its changes (MVC's place for them).
    ///   - pictureService: where a detail screen's picture comes from.
    init(
        appState: AppState, managers: [ListingSource: any PagedDataManaging], networkStatus: any NetworkStatus,
        pictureService: any PictureService
    ) {
        precondition(Set(managers.keys) == Set(ListingSource.allCases), "one manager per source")
        self.appState = appState
        self.managers = managers
        self.networkStatus = networkStatus
        self.pictureService = pictureService
        super.init()
        title = "Listings"
        for manager in managers.values {
            manager.delegate = self
            manager.parameterSource = self
        }
    }

    // MARK: - Life cycle

    override func loadView() {
        view = ListingsView()
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        @Traced(.controller, self, "wire list and source control") var call
        listingsView.listView.dataSource = self
        listingsView.listView.delegate = self
        listingsView.sourceControl.addTarget(self, action: ListingsViewController.didChangeSource)
        showBanner(for: networkStatus.networkType)
        listingsView.showDistrict(DistrictFilter.label(for: appState.district))
        // Weak: observing must not keep a torn-down screen alive; teardown stops it anyway.
        networkStatus.startObserving { [weak self] change in self?.networkTypeDidChange(change) }
    }

    override func viewWillAppear() {
        super.viewWillAppear()
        @Traced(.controller, self, needsFirstLoad ? "load \(source.label)" : "rows kept") var call
        guard needsFirstLoad else { return }
        needsFirstLoad = false
        listingsView.sourceControl.selectedIndex = ListingSource.allCases.firstIndex(of: source) ?? 0
        loadFirstPage()
    }

    override var preferredFocusedView: View? { listingsView.listView }

    /// Teardown: stops observing the network type (the landing point cancels the requests).
    func stopObserving() {
        @Traced(.controller, self, "stop observing") var call
        networkStatus.stopObserving()
    }

    // MARK: - ListViewDataSource

    func numberOfRows(in listView: ListView) -> Int {
        @Traced(.controller, self, "\(rows.count) rows") var call
        return rows.count
    }

    // Not traced: the list asks for every visible row on every frame.
    func listView(_ listView: ListView, cellForRow row: Int) -> ListCell {
        let data = rows[row]
        return ListCell(title: data[.name] ?? "", subtitle: data[.title] ?? "", accessory: data[.price] ?? "")
    }

    // MARK: - ListViewDelegate

    /// Enter on a row: in Cocoa MVC the controller itself makes the next controller and pushes it.
    func listView(_ listView: ListView, didSelectRow row: Int) {
        let listingID = rows[row][.id] ?? ""
        @Traced(.controller, self, "push detail of \(listingID)") var call
        appState.selectedListingID = listingID
        let detail = ListingDetailViewController(listingID: listingID, manager: manager, pictureService: pictureService)
        navigationController?.pushViewController(detail)
    }

    func listView(_ listView: ListView, didMoveSelectionTo row: Int) {
        @Traced(.controller, self, "selected \(rows[row][.id] ?? "")") var call
        appState.selectedListingID = rows[row][.id]
    }

    func listView(_ listView: ListView, willDisplayLastRow row: Int) {
        @Traced(.controller, self, "last row on screen: next page") var call
        if manager.loadNextPage() { listingsView.listView.footerText = "loading more …" }
    }

    // MARK: - Event response

    /// The source control's `.valueChanged` (←/→ from anywhere on the screen reach the control).
    func didChangeSource() {
        let chosen = ListingSource.allCases[listingsView.sourceControl.selectedIndex]
        @Traced(.controller, self, "\(source.label) → \(chosen.label)") var call
        guard chosen != source else { return }
        // The source left behind sends nothing more: a late reply of its is dropped, never shown.
        manager.cancelAllRequests()
        appState.listingSource = chosen
        rows = []
        showRows()
        loadFirstPage()
    }

    /// `d`: the next district. A new first page of the same source, whose request the manager
    /// sends in place of one still loading for the district before (cancel-previous).
    func didChangeDistrict() {
        appState.district = DistrictFilter.next(after: appState.district)
        @Traced(.controller, self, "district → \(appState.district ?? "any")") var call
        listingsView.showDistrict(DistrictFilter.label(for: appState.district))
        loadFirstPage()
    }

    /// Keys no view consumed: ←/→ go to the source control, as when it has focus; `r` refreshes,
    /// `d` filters by the next district.
    override func handleKey(_ key: Key) -> Bool {
        switch key {
        case .left, .right:
            return listingsView.sourceControl.handleKey(key)
        case .character("d"):
            didChangeDistrict()
            return true
        case .character("r"):
            @Traced(.controller, self, "refresh \(source.label)") var call
            if manager.refresh() { showLoading() }
            return true
        default:
            return false
        }
    }

    /// The network layer's one notification, caught here as any other event: the banner, and a
    /// retry of a failed load when the network is back.
    func networkTypeDidChange(_ change: NetworkTypeChange) {
        @Traced(.controller, self, "network type → \(change.new.rawValue)") var call
        showBanner(for: change.new)
        if change.cameBack, manager.state.isFailed, manager.refresh() { showLoading() }
    }

    /// The same banner text in every pattern: the model layer's words for the type.
    private func showBanner(for networkType: NetworkType) {
        listingsView.showNetworkBanner(networkType.banner)
    }

    // MARK: - Private: loading

    /// Page 1 of the current source. A cached page answers at once, inside the call.
    private func loadFirstPage() {
        if manager.loadFirstPage() { showLoading() }
    }

    /// The status while a request the manager sent is out (one it ignored or answered changes nothing).
    private func showLoading() {
        listingsView.showStatus("Loading \(source.label) listings …")
        listingsView.listView.footerText = nil
    }

    // MARK: - Private: showing

    /// Rows, the kept selection (the shared state's listing if it is here, else the first row),
    /// and the footer.
    private func showRows() {
        let listView = listingsView.listView
        listView.reloadData()
        listView.selectedRow = rows.firstIndex { $0[.id] == appState.selectedListingID } ?? (rows.isEmpty ? nil : 0)
        listView.footerText = !rows.isEmpty && manager.isLastPage ? "no more listings" : nil
    }

    // MARK: - Getters and setters

    /// Built in `loadView`; the getter only names it.
    private var listingsView: ListingsView { view as! ListingsView }

    /// The source lives in the model, so a pattern switch keeps it.
    private var source: ListingSource { appState.listingSource }

    /// The current source's manager (one per source, checked in `init`).
    private var manager: any PagedDataManaging { managers[source]! }
}

// MARK: - APIManagerParameterSource

extension ListingsViewController: APIManagerParameterSource {
    /// The district filter, asked for as each request is made (casatwy's param source).
    func parameters(for manager: any DataManaging) -> [String: String] {
        appState.district.map { [ListingParameter.district: $0] } ?? [:]
    }
}

// MARK: - APIManagerDelegate

extension ListingsViewController: APIManagerDelegate {
    /// The manager's one success callback: every page so far, through the controller's reformer.
    func managerDidSucceed(_ manager: any DataManaging) {
        @Traced(.controller, self, "rows through its reformer") var call
        rows = manager.fetchData(with: reformer) ?? []
        listingsView.showStatus(rows.isEmpty ? "No listings." : "")
        showRows()
    }

    /// An empty source is no listings, not a failure; any other failure keeps the rows shown.
    func managerDidFail(_ manager: any DataManaging, error: APIError) {
        @Traced(.controller, self, "failed: \(LoadFailure(error).shortName)") var call
        let failure = LoadFailure(error)
        listingsView.listView.footerText = nil
        if failure == .empty {
            rows = []
            showRows()
            listingsView.showStatus("No listings.")
        } else {
            listingsView.showStatus("Could not load the listings: \(failure.userMessage) Press r to retry.", isError: true)
        }
    }
}
