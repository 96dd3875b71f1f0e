import Model
import Networking
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
    ///   - listing: the listing as the list had it.
    ///   - detail: the same list data through `ListingDetailReformer`; nil leaves the mappings empty.
    init(listing: Listing, detail: ListingDetail?) {
        let shown = detail?.listing ?? listing
        title = shown.name
        fields = [
            Field(name: "Name", value: shown.name),
            Field(name: "Title", value: shown.title),
            Field(name: "Kind", value: shown.kind.label),
            Field(name: "Price", value: shown.price?.text ?? ""),
            Field(name: "Area", value: shown.areaText ?? ""),
            Field(name: "District", value: shown.district ?? ""),
            Field(name: "Image", value: shown.imageURL),
        ]
        serviceName = Service.listings(shown.kind).id
        mappings = detail?.rows.map { Mapping(rawKey: $0.rawKey, field: $0.field, value: $0.value) } ?? []
    }
}
