import Networking

/// Where the listings presenter goes next (presenter → router). The presenter decides *that* the
/// detail shows; the router knows *how* (which module, pushed where). A spy stands in for tests.
@MainActor
protocol ListingsRouter: AnyObject {
    /// Shows the detail of the listing whose `globalID` is `listingID`, read from what `manager` loaded.
    func showDetail(ofListingID listingID: String, in manager: any DataManaging)
}
