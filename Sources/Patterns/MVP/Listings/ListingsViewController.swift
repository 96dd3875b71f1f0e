import ModelServices
import ScreenViews
import Terminal
import Tracing
import Widgets

/// MVP's View for the property list: a passive view controller. It is the list's data source and
/// delegate and the source control's target only to forward events to its presenter; it shows the
/// rows, status and footer it is told.
///
/// Laid out in casatwy's order: life cycle, delegates, event response, getters and setters last.
final class ListingsViewController: ViewController, ListingsView {
    /// Set by `ListingsBuilder` before the view loads. Strong: the view owns its presenter.
    var presenter: (any ListingsViewPresenter)!
    private var rows: [[PropertyListKey: String]] = []

    override init() {
        super.init()
        title = "Listings"
    }

    // MARK: - Life cycle

    override func loadView() {
        view = listingsView
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        @Traced(.view, self, "wire list and source control → presenter") var call
        listingsView.listView.dataSource = self
        listingsView.listView.delegate = self
        listingsView.sourceControl.addTarget(self, action: ListingsViewController.didChangeSource)
        presenter.viewDidLoad()
    }

    override var preferredFocusedView: View? { listingsView.listView }

    // MARK: - ListingsView

    func showSource(at index: Int) {
        @Traced(.view, self, "source [\(index)]") var call
        listingsView.sourceControl.selectedIndex = index
    }

    func showStatus(_ text: String, isError: Bool) {
        @Traced(.view, self, "status") var call
        listingsView.showStatus(text, isError: isError)
    }

    func showNetworkBanner(_ text: String) {
        @Traced(.view, self, "network banner") var call
        listingsView.showNetworkBanner(text)
    }

    func showRows(_ rows: [[PropertyListKey: String]], selectedRow: Int?) {
        @Traced(.view, self, "\(rows.count) rows, selected \(selectedRow.map(String.init) ?? "none")") var call
        self.rows = rows
        listingsView.listView.reloadData()
        listingsView.listView.selectedRow = selectedRow
    }

    func showDistrict(_ text: String) {
        @Traced(.view, self, "district") var call
        listingsView.showDistrict(text)
    }

    func showFooter(_ text: String?) {
        @Traced(.view, self, "footer \(text ?? "none")") var call
        listingsView.listView.footerText = text
    }

    // MARK: - ListViewDataSource, ListViewDelegate

    // (see the extension below: rows become cells, list events go to the presenter)

    // MARK: - Event response

    func didChangeSource() {
        @Traced(.view, self, "source changed → presenter") var call
        presenter.didChooseSource(at: listingsView.sourceControl.selectedIndex)
    }

    /// ←/→ switch source wherever focus is: they go to the source control, whose `.valueChanged`
    /// is the one path to the presenter. `r` refreshes, `d` asks for the next district.
    override func handleKey(_ key: Key) -> Bool {
        switch key {
        case .left, .right:
            return listingsView.sourceControl.handleKey(key)
        case .character("r"):
            @Traced(.view, self, "r → presenter") var call
            presenter.didRequestRefresh()
            return true
        case .character("d"):
            @Traced(.view, self, "d → presenter") var call
            presenter.didRequestNextDistrict()
            return true
        default:
            return false
        }
    }

    // MARK: - Getters and setters

    /// The shared drawing view (module-qualified: MVP's `ListingsView` is the protocol above).
    private lazy var listingsView = ScreenViews.ListingsView()
}

// MARK: - ListViewDataSource

extension ListingsViewController: ListViewDataSource {
    func numberOfRows(in listView: ListView) -> Int {
        rows.count
    }

    func listView(_ listView: ListView, cellForRow row: Int) -> ListCell {
        let data = rows[row]
        return ListCell(title: data[.name] ?? "", subtitle: data[.title] ?? "", accessory: data[.price] ?? "")
    }
}

// MARK: - ListViewDelegate

extension ListingsViewController: ListViewDelegate {
    func listView(_ listView: ListView, didSelectRow row: Int) {
        @Traced(.view, self, "open row \(row) → presenter") var call
        presenter.didSelectRow(row)
    }

    func listView(_ listView: ListView, didMoveSelectionTo row: Int) {
        @Traced(.view, self, "selection \(row) → presenter") var call
        presenter.didMoveSelection(to: row)
    }

    func listView(_ listView: ListView, willDisplayLastRow row: Int) {
        @Traced(.view, self, "last row shown → presenter") var call
        presenter.didReachLastRow()
    }
}
