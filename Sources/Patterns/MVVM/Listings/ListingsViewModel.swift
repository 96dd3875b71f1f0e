import Model
import Networking
import ModelServices
import Tracing

/// MVVM's view model for the property list, casatwy's way: it holds one list manager per source
/// (the model), asks the current one for pages, hears back as its delegate, and reads the data
/// through the `PropertyListReformer` — casatwy files the reformer with the view model — so its
/// `rows` output is what the cells draw, converted once. The managers keep the policies
/// (cancel-previous, ignore-if-loading). It turns their answers into rows, status and footer the
/// view binds to and keeps the selection in the shared state. It holds no view and no view
/// controller: for the detail screen it makes the detail's view model and hands it to whoever set
/// `showDetail` (its coordinator).
@MainActor
final class ListingsViewModel: ListingsViewModelProtocol {
    // MARK: Outputs

    let sourceIndex: Observable<Int>
    let rows = Observable<[[PropertyListKey: String]]>([], name: "rows")
    let selectedRow = Observable<Int?>(nil, name: "selectedRow")
    let status = Observable(DisplayText.empty, name: "status")
    let footer = Observable<String?>(nil, name: "footer")
    let networkBanner: Observable<String>
    let district: Observable<String>

    // MARK: Navigation

    /// How the view model asks for the detail screen without knowing what shows it. Set by the
    /// coordinator (which captures itself weakly: it owns, through the views, this view model).
    var showDetail: (@MainActor (ListingDetailViewModel) -> Void)?

    // MARK: Model

    private let appState: AppState
    private let managers: [ListingSource: any PagedDataManaging]
    /// The reformer the rows are read through: one step from raw data to what the view shows.
    private let reformer = PropertyListReformer()
    private let networkStatus: any NetworkStatus
    /// Handed to the detail view models this view model makes.
    private let pictureService: any PictureService

    /// - Parameters:
    ///   - appState: the shared model: the chosen source and the selected listing live there.
    ///   - managers: one list manager per source; the module's landing point owns their requests.
    ///   - networkStatus: the network type; the view model observes its changes (MVVM's place for them).
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
        sourceIndex = Observable(ListingSource.allCases.firstIndex(of: appState.listingSource) ?? 0, name: "sourceIndex")
        networkBanner = Observable("", name: "networkBanner")
        district = Observable(DistrictFilter.label(for: appState.district), name: "district")
        for manager in managers.values {
            manager.delegate = self
            manager.parameterSource = self
        }
        // Weak: observing must not keep a torn-down screen alive; teardown stops it anyway.
        networkStatus.startObserving { [weak self] change in self?.networkTypeDidChange(change) }
        publishBanner(for: networkStatus.networkType)
    }

    // MARK: Inputs

    func viewDidLoad() {
        @Traced(.viewModel, self, "first page of \(source.label)") var call
        if manager.loadFirstPage() { publishLoading() }
    }

    func selectSource(at index: Int) {
        let chosen = ListingSource.allCases.indices.contains(index) ? ListingSource.allCases[index] : source
        @Traced(.viewModel, self, "\(source.label) → \(chosen.label)") var call
        guard chosen != source else { return }
        // The source left behind sends nothing more: a late reply of its is dropped, never shown.
        manager.cancelAllRequests()
        appState.listingSource = chosen
        sourceIndex.value = index
        publishRows([])
        if manager.loadFirstPage() { publishLoading() }
    }

    func refresh() {
        @Traced(.viewModel, self, "refresh \(source.label)") var call
        if manager.refresh() { publishLoading() }
    }

    /// A new first page of the same source, whose request the manager sends in place of one still
    /// loading for the district before (cancel-previous).
    func nextDistrict() {
        appState.district = DistrictFilter.next(after: appState.district)
        @Traced(.viewModel, self, "district → \(appState.district ?? "any")") var call
        district.value = DistrictFilter.label(for: appState.district)
        if manager.loadFirstPage() { publishLoading() }
    }

    func selectRow(_ row: Int) {
        @Traced(.viewModel, self, "row \(row) → model") var call
        guard rows.value.indices.contains(row) else { return }
        appState.selectedListingID = rows.value[row][.id]
        selectedRow.value = row
    }

    func loadNextPage() {
        @Traced(.viewModel, self, "next page of \(source.label)") var call
        if manager.loadNextPage() { footer.value = "loading more …" }
    }

    func openRow(_ row: Int) {
        @Traced(.viewModel, self, "open row \(row) → coordinator") var call
        guard rows.value.indices.contains(row), let listingID = rows.value[row][.id] else { return }
        appState.selectedListingID = listingID
        // One API feeding two views: the manager's raw data, read through the detail's own reformer.
        showDetail?(ListingDetailViewModel(
            listingID: listingID, detail: manager.fetchData(with: ListingDetailReformer(listingID: listingID)) ?? nil,
            pictureService: pictureService))
    }

    /// The network layer's one notification, turned into state: the banner, and a retry of a
    /// failed load when the network is back.
    func networkTypeDidChange(_ change: NetworkTypeChange) {
        @Traced(.viewModel, self, "network type → \(change.new.rawValue)") var call
        publishBanner(for: change.new)
        if change.cameBack, manager.state.isFailed { refresh() }
    }

    /// The same banner text in every pattern: the model layer's words for the type.
    private func publishBanner(for networkType: NetworkType) {
        networkBanner.value = networkType.banner
    }

    // MARK: Teardown

    /// Stops observing the network type; the builder calls it when the screen goes away (the
    /// landing point cancels the requests).
    func stopObserving() {
        @Traced(.viewModel, self, "stop observing") var call
        networkStatus.stopObserving()
    }

    // MARK: Loading

    private var source: ListingSource { appState.listingSource }

    /// The builder makes one manager per source (checked in `init`).
    private var manager: any PagedDataManaging { managers[source]! }

    /// The status while a request the manager sent is out (one it ignored or answered changes nothing).
    private func publishLoading() {
        status.value = DisplayText("Loading \(source.label) listings …")
        footer.value = nil
    }

    /// Rows, then the kept selection (the shared state's listing if it is here, else the first
    /// row), then the footer — rows first, so the view selects among the new rows.
    private func publishRows(_ newRows: [[PropertyListKey: String]]) {
        rows.value = newRows
        selectedRow.value = newRows.firstIndex { $0[.id] == appState.selectedListingID } ?? (newRows.isEmpty ? nil : 0)
        footer.value = !newRows.isEmpty && manager.isLastPage ? "no more listings" : nil
    }
}

// MARK: - APIManagerParameterSource

extension ListingsViewModel: APIManagerParameterSource {
    /// The district filter, asked for as each request is made (casatwy's param source).
    func parameters(for manager: any DataManaging) -> [String: String] {
        appState.district.map { [ListingParameter.district: $0] } ?? [:]
    }
}

// MARK: - APIManagerDelegate

extension ListingsViewModel: APIManagerDelegate {
    /// The manager's one success callback: every page so far, through the view model's reformer.
    func managerDidSucceed(_ manager: any DataManaging) {
        @Traced(.viewModel, self, "rows through its reformer") var call
        let reformed = manager.fetchData(with: reformer) ?? []
        status.value = reformed.isEmpty ? DisplayText("No listings.") : .empty
        publishRows(reformed)
    }

    /// An empty source is no listings, not a failure; any other failure keeps the rows shown.
    func managerDidFail(_ manager: any DataManaging, error: APIError) {
        @Traced(.viewModel, self, "failed: \(LoadFailure(error).shortName)") var call
        let failure = LoadFailure(error)
        footer.value = nil
        if failure == .empty {
            publishRows([])
            status.value = DisplayText("No listings.")
        } else {
            status.value = DisplayText("Could not load the listings: \(failure.userMessage) Press r to retry.", isError: true)
        }
    }
}
