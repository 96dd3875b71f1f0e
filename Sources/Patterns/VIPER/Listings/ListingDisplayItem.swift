/// One row as the presenter wants it shown: already formatted strings, nothing left to decide.
/// The view turns it into a list cell.
struct ListingDisplayItem: Sendable, Equatable {
    /// The listing's name.
    let title: String
    /// `Rent · 2 rooms near Jing'an Temple`.
    let subtitle: String
    /// The price, or empty.
    let accessory: String
}
