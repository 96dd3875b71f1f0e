import ScreenViews
import Terminal
import Tracing
import Widgets

/// VIPER's View of the property list: shows the rows, statuses and footer the presenter gives it
/// and forwards what the user does. It is the list's data source (it keeps the formatted rows it
/// was told to show, as a table view controller does) and owns the presenter through
/// `eventHandler`.
///
/// Laid out in casatwy's order: life cycle, delegates, event response, private, getters last.
final class ListingsViewController: ViewController {
    let eventHandler: any ListingsViewEventHandler
    /// The rows last shown, which the list reads as its data source.
    private var rows: [ListingDisplayItem] = []

    init(eventHandler: any ListingsViewEventHandler) {
        self.eventHandler = eventHandler
        super.init()
        title = "Listings"
    }

    // MARK: - Life cycle

    override func loadView() {
        view = listingsView
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        @Traced(.view, self, "wire list and source control") var call
        listingsView.listView.dataSource = self
        listingsView.listView.delegate = self
        listingsView.sourceControl.addTarget(self, action: ListingsViewController.sourceControlDidChange)
        eventHandler.viewDidLoad()
    }

    override var preferredFocusedView: View? { listingsView.listView }

    // MARK: - ListViewDataSource, ListViewDelegate, ListingsViewInterface

    // (see the extensions below)

    // MARK: - Event response

    /// The source control's `.valueChanged`: the one path of a source change (←/→ from anywhere
    /// on the screen reach the control).
    func sourceControlDidChange() {
        @Traced(.view, self, "source [\(listingsView.sourceControl.selectedSegment ?? "")]") var call
        eventHandler.didChooseSource(at: listingsView.sourceControl.selectedIndex)
    }

    /// ←/→ that no view consumed go to the source control, as when it has focus; `r` refreshes,
    /// `d` asks for the next district.
    override func handleKey(_ key: Key) -> Bool {
        switch key {
        case .left, .right:
            return listingsView.sourceControl.handleKey(key)
        case .character("r"):
            @Traced(.view, self, "r → presenter") var call
            eventHandler.didRequestRefresh()
            return true
        case .character("d"):
            @Traced(.view, self, "d → presenter") var call
            eventHandler.didRequestNextDistrict()
            return true
        default:
            return false
        }
    }

    // MARK: - Getters and setters

    private lazy var listingsView = ListingsView()
}

// MARK: - ListViewDataSource

extension ListingsViewController: ListViewDataSource {
    func numberOfRows(in listView: ListView) -> Int {
        rows.count
    }

    func listView(_ listView: ListView, cellForRow row: Int) -> ListCell {
        ListCell(title: rows[row].title, subtitle: rows[row].subtitle, accessory: rows[row].accessory)
    }
}

// MARK: - ListViewDelegate

extension ListingsViewController: ListViewDelegate {
    func listView(_ listView: ListView, didSelectRow row: Int) {
        @Traced(.view, self, "Enter on row \(row)") var call
        eventHandler.didSelectRow(at: row)
    }

    func listView(_ listView: ListView, didMoveSelectionTo row: Int) {
        @Traced(.view, self, "row \(row)") var call
        eventHandler.didMoveSelection(to: row)
    }

    func listView(_ listView: ListView, willDisplayLastRow row: Int) {
        @Traced(.view, self, "last row on screen") var call
        eventHandler.didReachLastRow()
    }
}

// MARK: - ListingsViewInterface

extension ListingsViewController: ListingsViewInterface {
    func showSource(at index: Int) {
        @Traced(.view, self, "source \(index)") var call
        listingsView.sourceControl.selectedIndex = index
    }

    func showStatus(_ text: String, isError: Bool) {
        @Traced(.view, self, text.isEmpty ? "clear status" : "status") var call
        listingsView.showStatus(text, isError: isError)
    }

    func showNetworkBanner(_ text: String) {
        @Traced(.view, self, "network banner") var call
        listingsView.showNetworkBanner(text)
    }

    func showRows(_ rows: [ListingDisplayItem]) {
        @Traced(.view, self, "\(rows.count) rows") var call
        self.rows = rows
        listingsView.listView.reloadData()
    }

    func selectRow(_ row: Int?) {
        @Traced(.view, self, "select \(row.map(String.init) ?? "none")") var call
        listingsView.listView.selectedRow = row
    }

    func showDistrict(_ text: String) {
        @Traced(.view, self, "district") var call
        listingsView.showDistrict(text)
    }

    func showFooter(_ text: String?) {
        @Traced(.view, self, text ?? "no footer") var call
        listingsView.listView.footerText = text
    }
}
