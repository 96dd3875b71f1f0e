/// Hears about a `ListView`'s selection and paging; both methods default to doing nothing.
@MainActor
public protocol ListViewDelegate: AnyObject {
    /// Enter was pressed on the selected row.
    func listView(_ listView: ListView, didSelectRow row: Int)
    /// The last row came on screen: the moment to load the next page. Called once each time the
    /// end is reached (again only after the last row left the screen or the row count changed).
    func listView(_ listView: ListView, willDisplayLastRow row: Int)
}

extension ListViewDelegate {
    /// Does nothing.
    public func listView(_ listView: ListView, didSelectRow row: Int) {}
    /// Does nothing.
    public func listView(_ listView: ListView, willDisplayLastRow row: Int) {}
}
