final class ListingsViewController {
    var rows: [Row] = []
    func viewDidLoad() { manager.loadFirstPage() }
    func managerDidSucceed() { rows = manager.rows; table.reload() }
    func managerDidFail() { status.text = "failed" }
}
