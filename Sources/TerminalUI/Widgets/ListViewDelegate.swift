/// Hears about a `ListView`'s selection and paging; every method defaults to doing nothing.
@MainActor
package protocol ListViewDelegate: AnyObject {
    /// Enter was pressed on the selected row.
    func listView(_ listView: ListView, didSelectRow row: Int)
    /// The user moved the selection (arrows, page keys, Home/End) to `row`. Not called when
    /// `selectedRow` is set in code, as in UIKit.
    func listView(_ listView: ListView, didMoveSelectionTo row: Int)
    /// The last row came on screen: the moment to load the next page. Called once each time the
    /// end is reached (again only after the last row left the screen or the row count changed).
    func listView(_ listView: ListView, willDisplayLastRow row: Int)
}

extension ListViewDelegate {
    /// Does nothing.
    package func listView(_ listView: ListView, didSelectRow row: Int) {}
    /// Does nothing.
    package func listView(_ listView: ListView, didMoveSelectionTo row: Int) {}
    /// Does nothing.
    package func listView(_ listView: ListView, willDisplayLastRow row: Int) {}
}
