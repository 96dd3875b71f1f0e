import Model
import Networking

/// Where the listings presenter goes next (presenter → router). The presenter decides *that* the
/// detail shows; the router knows *how* (which module, pushed where). A spy stands in for tests.
@MainActor
protocol ListingsRouter: AnyObject {
    /// Shows the detail of `listing`, read from the raw data `manager` already holds.
    func showDetail(of listing: Listing, from manager: any APIManaging)
}
