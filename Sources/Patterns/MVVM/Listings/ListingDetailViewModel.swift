import Reformers

/// The detail screen's view model: the listing's fields and the raw keys they came from, as the
/// view shows them. A plain value: nothing on this screen changes while it is shown, so there is
/// nothing to observe — its view controller binds it once, when its view loads.
struct ListingDetailViewModel: Equatable, Sendable {
    /// One `name  value` row of the `Listing` section.
    struct Field: Equatable, Sendable {
        let name: String
        let value: String
    }

    /// One `raw key  →  field  value` row of the `From the <service> API` section.
    struct Mapping: Equatable, Sendable {
        let rawKey: String
        let field: String
        let value: String
    }

    /// The listing's name: the navigation title, so the breadcrumb reads `Listings › <name>`.
    let title: String
    let fields: [Field]
    /// The API the listing came from (`rent`, `xinfang`, `esf`).
    let serviceName: String
    let mappings: [Mapping]

    /// - Parameters:
    ///   - listingID: the `Listing.globalID` the user opened.
    ///   - detail: what the feed's loaded data holds for it; nil when it holds no such listing.
    init(listingID: String, detail: ListingDetail?) {
        guard let detail else {
            title = "Listing"
            fields = [Field(name: "Listing", value: listingID), Field(name: "Status", value: ListingDetail.missingText)]
            serviceName = "listings"
            mappings = []
            return
        }
        let listing = detail.listing
        title = listing.name
        fields = [
            Field(name: "Name", value: listing.name),
            Field(name: "Title", value: listing.title),
            Field(name: "Kind", value: listing.kind.label),
            Field(name: "Price", value: listing.price?.text ?? ""),
            Field(name: "Area", value: listing.areaText ?? ""),
            Field(name: "District", value: listing.district ?? ""),
            Field(name: "Image", value: listing.imageURL),
        ]
        serviceName = detail.serviceName
        mappings = detail.rows.map { Mapping(rawKey: $0.rawKey, field: $0.field, value: $0.value) }
    }
}
