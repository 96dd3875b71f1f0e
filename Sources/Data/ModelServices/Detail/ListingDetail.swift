import Model

/// What the detail screen shows for one listing: the normalised listing, the raw→field rows and
/// the API they came from.
package struct ListingDetail: Sendable, Hashable {
    package var listing: Listing
    package var rows: [DetailRow]
    /// The source API's service id (`rent`, `xinfang`, `esf`): the screen names it, and no screen
    /// has to ask the network layer for it.
    package var serviceName: String

    package init(listing: Listing, rows: [DetailRow], serviceName: String) {
        self.listing = listing
        self.rows = rows
        self.serviceName = serviceName
    }

    /// The one sentence every pattern's detail screen shows when the loaded data does not hold the
    /// listing it was opened for, so the four screens stay alike.
    package static let missingText = "Not in the loaded listings any more."
}
