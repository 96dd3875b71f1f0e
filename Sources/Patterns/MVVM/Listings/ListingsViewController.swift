import ModelServices
import ScreenViews
import Terminal
import Tracing
import Widgets

/// MVVM's View for the property list (casatwy's MVCVM: the controller binds). It binds the source
/// control, district line, list, status and footer to its view model's outputs, and turns the
/// widgets' events — the list's data source and delegate calls, the control's `.valueChanged`,
/// ←/→, `r` and `d` — into the view model's inputs. It decides nothing and never navigates.
///
/// Laid out in casatwy's order: life cycle, delegates, event response, binding, getters last.
final class ListingsViewController: ViewController {
    /// Strong: the view owns its view model; the view model never sees the view.
    private let viewModel: any ListingsViewModelProtocol
    /// The rows last bound, which the list reads as its data source.
    private var rows: [[PropertyListKey: String]] = []

    init(viewModel: any ListingsViewModelProtocol) {
        self.viewModel = viewModel
        super.init()
        title = "Listings"
    }

    // MARK: - Life cycle

    override func loadView() {
        view = listingsView
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        @Traced(.view, self, "bind list, source control ↔ view model") var call
        listingsView.listView.dataSource = self
        listingsView.listView.delegate = self
        listingsView.sourceControl.addTarget(self, action: ListingsViewController.didChangeSource)
        bindViewModel()
        viewModel.viewDidLoad()
    }

    override var preferredFocusedView: View? { listingsView.listView }

    // MARK: - ListViewDataSource, ListViewDelegate

    // (see the extensions below: bound rows become cells, list events go to the view model)

    // MARK: - Event response

    /// The source control's `.valueChanged`: the one path by which a source choice reaches the view model.
    func didChangeSource() {
        @Traced(.view, self, "source [\(listingsView.sourceControl.selectedIndex)] → view model") var call
        viewModel.selectSource(at: listingsView.sourceControl.selectedIndex)
    }

    /// ←/→ switch source wherever focus is: they go to the source control, which sends
    /// `.valueChanged` as when it has focus. `r` refreshes, `d` filters by the next district.
    override func handleKey(_ key: Key) -> Bool {
        switch key {
        case .left, .right:
            return listingsView.sourceControl.handleKey(key)
        case .character("r"):
            @Traced(.view, self, "r → view model") var call
            viewModel.refresh()
            return true
        case .character("d"):
            @Traced(.view, self, "d → view model") var call
            viewModel.nextDistrict()
            return true
        default:
            return false
        }
    }

    // MARK: - Binding

    /// Each output to the method that shows it; every bound method runs once now and on each change.
    private func bindViewModel() {
        viewModel.sourceIndex.bind(self, ListingsViewController.showSource)
        viewModel.rows.bind(self, ListingsViewController.showRows)
        viewModel.selectedRow.bind(self, ListingsViewController.showSelection)
        viewModel.status.bind(self, ListingsViewController.showStatus)
        viewModel.footer.bind(self, ListingsViewController.showFooter)
        viewModel.networkBanner.bind(self, ListingsViewController.showNetworkBanner)
        viewModel.district.bind(self, ListingsViewController.showDistrict)
    }

    private func showDistrict(_ text: String) {
        @Traced(.view, self, "district ← \(text)") var call
        listingsView.showDistrict(text)
    }

    private func showSource(at index: Int) {
        @Traced(.view, self, "source ← [\(index)]") var call
        listingsView.sourceControl.selectedIndex = index  // set in code: sends no event back
    }

    private func showRows(_ rows: [[PropertyListKey: String]]) {
        @Traced(.view, self, "rows ← \(rows.count)") var call
        self.rows = rows
        listingsView.listView.reloadData()
    }

    private func showSelection(_ row: Int?) {
        @Traced(.view, self, "selection ← \(row.map(String.init) ?? "none")") var call
        listingsView.listView.selectedRow = row
    }

    private func showNetworkBanner(_ text: String) {
        @Traced(.view, self, "network banner ← \(text)") var call
        listingsView.showNetworkBanner(text)
    }

    private func showStatus(_ status: DisplayText) {
        @Traced(.view, self, "status ← \(status.text)") var call
        listingsView.showStatus(status.text, isError: status.isError)
    }

    private func showFooter(_ footer: String?) {
        @Traced(.view, self, "footer ← \(footer ?? "none")") var call
        listingsView.listView.footerText = footer
    }

    // MARK: - Getters and setters

    private lazy var listingsView = ListingsView()
}

// MARK: - ListViewDataSource

extension ListingsViewController: ListViewDataSource {
    func numberOfRows(in listView: ListView) -> Int {
        rows.count
    }

    // Not traced: the list asks for every visible row on every frame.
    func listView(_ listView: ListView, cellForRow row: Int) -> ListCell {
        let data = rows[row]
        return ListCell(title: data[.name] ?? "", subtitle: data[.title] ?? "", accessory: data[.price] ?? "")
    }
}

// MARK: - ListViewDelegate

extension ListingsViewController: ListViewDelegate {
    func listView(_ listView: ListView, didSelectRow row: Int) {
        @Traced(.view, self, "open row \(row) → view model") var call
        viewModel.openRow(row)
    }

    func listView(_ listView: ListView, didMoveSelectionTo row: Int) {
        @Traced(.view, self, "selection \(row) → view model") var call
        viewModel.selectRow(row)
    }

    func listView(_ listView: ListView, willDisplayLastRow row: Int) {
        @Traced(.view, self, "last row shown → view model") var call
        viewModel.loadNextPage()
    }
}
