import Model

/// What crosses from the listings interactor to its presenter after a page loads. `Listing` is an
/// entity, but a plain immutable value: carrying it gives the presenter no way back to a manager,
/// a cache or the shared state.
struct ListingsData: Sendable, Equatable {
    /// Every listing loaded so far, in display order.
    let listings: [Listing]
    /// True once the source has no more pages.
    let isLastPage: Bool
    /// The row of the remembered selection, if that listing is among them.
    let selectedIndex: Int?
}
