/// What crosses from the detail interactor to its presenter: the listing's fields as plain text,
/// the API it came from and the raw-key rows. No entity.
struct ListingDetailData: Sendable, Equatable {
    /// One raw key of the source API, the field it became and the value shown for it.
    struct Mapping: Sendable, Equatable {
        let rawKey: String
        let field: String
        let value: String
    }

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
    /// Raw key → field → value, in the reformer's order.
    let mappings: [Mapping]
}

/// What crosses from the detail interactor to its presenter, and on to the view, for the picture:
/// its size and pixels (row-major, three bytes each). No entity.
struct ListingPictureData: Sendable, Equatable {
    let width: Int
    let height: Int
    let rgb: [UInt8]
}
