import Model

/// What crosses from the listings interactor to its presenter after a page loads: plain values,
/// no entity and nothing formatted. The presenter formats them; it never sees a `Listing`.
struct ListingsData: Sendable, Equatable {
    /// One listing as the presenter needs it.
    struct Item: Sendable, Equatable {
        let name: String
        let kind: ListingKind
        let title: String
        /// Nil when the listing has none.
        let price: Price?
    }

    /// Every listing loaded so far, in display order.
    let items: [Item]
    /// True once the source has no more pages.
    let isLastPage: Bool
    /// The row of the remembered selection, if that listing is among them (else the first row).
    let selectedIndex: Int?
}
