import ModelServices

/// What the list's view knows of its view model: state to bind to and inputs to call. Navigation
/// is not here — the view never navigates; the view model asks its coordinator.
@MainActor
protocol ListingsViewModelProtocol: AnyObject {
    // MARK: Outputs: what the view binds to

    /// The chosen source, in `ListingSource.allCases` order (the source control's segments).
    var sourceIndex: Observable<Int> { get }
    /// The rows as the `PropertyListReformer` made them: each cell's strings, keyed by its constants.
    var rows: Observable<[[PropertyListKey: String]]> { get }
    /// The selected row, nil when there are no rows.
    var selectedRow: Observable<Int?> { get }
    /// `Loading Rent listings …`, `No listings.`, or why they could not be loaded.
    var status: Observable<DisplayText> { get }
    /// `loading more …`, `no more listings`, or nil.
    var footer: Observable<String?> { get }
    /// The network type's banner; empty on Wi-Fi.
    var networkBanner: Observable<String> { get }
    /// The district filter's line, `District: any · d: next`.
    var district: Observable<String> { get }

    // MARK: Inputs: what the view calls

    /// The view loaded: time for the first page of the chosen source.
    func viewDidLoad()
    /// The user chose the source at `index`.
    func selectSource(at index: Int)
    /// `r`: reload the first page (the manager ignores it while one is loading).
    func refresh()
    /// `d`: filter by the next district.
    func nextDistrict()
    /// The user moved the selection to `row`.
    func selectRow(_ row: Int)
    /// The last row came on screen.
    func loadNextPage()
    /// Enter on `row`: show its detail.
    func openRow(_ row: Int)
}
