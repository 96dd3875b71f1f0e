import Reformers

/// What crosses from the detail interactor to its presenter: the listing's fields as plain text,
/// the API it came from and the reformer's raw-key rows. No entity.
struct ListingDetailData: Sendable, Equatable {
    let name: String
    let title: String
    /// `Rent`, `New home`, `Second-hand`.
    let kindLabel: String
    /// The price as text, or empty.
    let priceText: String
    /// `45 m²`, or empty.
    let areaText: String
    let district: String
    let imageURL: String
    /// The service's name (`rent`, `xinfang`, `esf`).
    let serviceName: String
    /// Raw key → field → value, as `ListingDetailReformer` gives them.
    let rows: [DetailRow]
}
