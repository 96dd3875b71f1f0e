/// Supplies a `ListView`'s rows, as `UITableViewDataSource` does.
@MainActor
package protocol ListViewDataSource: AnyObject {
    /// How many rows the list has (read on `reloadData()`).
    func numberOfRows(in listView: ListView) -> Int
    /// The cell for a row; asked only for rows on screen.
    func listView(_ listView: ListView, cellForRow row: Int) -> ListCell
}
