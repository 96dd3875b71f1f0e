import Model

/// What the detail screen shows for one listing: the normalised listing and the raw→field rows.
public struct ListingDetail: Sendable, Hashable {
    public var listing: Listing
    public var rows: [DetailRow]

    public init(listing: Listing, rows: [DetailRow]) {
        self.listing = listing
        self.rows = rows
    }
}
