/// One row of the list as the presenter formats it: three strings, no model object. The view
/// makes a cell of it; a test reads it as it is.
struct ListingRow: Hashable {
    var title: String
    var subtitle: String
    var accessory: String
}
