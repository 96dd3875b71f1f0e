/// What crosses from the listings interactor to its presenter after a page loads: plain values
/// made for the presenter, no entity. The presenter formats them; it never sees a `Listing`.
struct ListingsData: Sendable, Equatable {
    /// One listing as the presenter needs it.
    struct Item: Sendable, Equatable {
        let name: String
        /// `Rent`, `New home`, `Second-hand`.
        let kindLabel: String
        let title: String
        /// The price as text, or empty when the listing has none.
        let priceText: String
    }

    /// Every listing loaded so far, in display order.
    let items: [Item]
    /// True once the source has no more pages.
    let isLastPage: Bool
    /// The row of the remembered selection, if that listing is among them (else the first row).
    let selectedIndex: Int?
}
