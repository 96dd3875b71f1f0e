/// What one row of a `ListView` shows: a title line with an accessory right-aligned (a price,
/// a count) and a dim subtitle line under it. A plain value: the data source builds one per row.
package struct ListCell: Sendable, Hashable {
    /// The first line, left-aligned.
    package var title: String
    /// The second line, dimmed.
    package var subtitle: String
    /// Right-aligned on the title line; never cut before the title is.
    package var accessory: String

    /// Creates a cell; subtitle and accessory may be left empty.
    package init(title: String, subtitle: String = "", accessory: String = "") {
        self.title = title
        self.subtitle = subtitle
        self.accessory = accessory
    }
}
