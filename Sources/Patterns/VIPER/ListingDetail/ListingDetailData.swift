import Model
import Reformers

/// What crosses from the detail interactor to its presenter: the listing, the API it came from
/// and the reformer's raw-key rows. Plain values.
struct ListingDetailData: Sendable, Equatable {
    let listing: Listing
    /// The service's name (`rent`, `xinfang`, `esf`).
    let serviceName: String
    /// Raw key → field → value, as `ListingDetailReformer` gives them.
    let rows: [DetailRow]
}
