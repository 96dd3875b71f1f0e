import Model

/// One row of the list, as its cell shows it: three strings, ready to draw. A plain value, made by
/// the list's view model; the view copies it into a cell without deciding anything.
struct ListingRowViewModel: Equatable, Sendable {
    /// The listing's name.
    let title: String
    /// `<kind label> · <title>`, e.g. `Rent · 2 rooms near Jing'an Temple`.
    let subtitle: String
    /// The price, or empty when the listing has none.
    let accessory: String

    init(listing: Listing) {
        title = listing.name
        subtitle = listing.kind.label + " · " + listing.title
        accessory = listing.price?.text ?? ""
    }
}
