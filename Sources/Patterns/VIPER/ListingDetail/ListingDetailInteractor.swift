import Networking
import Reformers
import Tracing

/// VIPER's Interactor of the listing detail: reads one listing out of the raw data of the list
/// manager it was handed, through the second reformer (one API feeding two views). It loads
/// nothing: the list already did.
@MainActor
final class ListingDetailInteractor: ListingDetailInteractorInput {
    weak var output: (any ListingDetailInteractorOutput)?
    private let manager: any APIManaging
    private let listingID: String

    /// - Parameters:
    ///   - manager: the list manager whose raw data holds the listing.
    ///   - listingID: the `Listing.id` to show.
    init(manager: any APIManaging, listingID: String) {
        self.manager = manager
        self.listingID = listingID
    }

    // MARK: - ListingDetailInteractorInput

    func provideDetail() {
        trace(.interactor, self, "\(listingID) from \(manager.method)'s raw data")
        // The list only opens listings its manager holds, so a miss leaves the screen empty.
        guard let detail = manager.fetchData(reformer: ListingDetailReformer(listingID: listingID)) ?? nil else { return }
        output?.didProvideDetail(ListingDetailData(listing: detail.listing, serviceName: manager.service.id, rows: detail.rows))
    }
}
