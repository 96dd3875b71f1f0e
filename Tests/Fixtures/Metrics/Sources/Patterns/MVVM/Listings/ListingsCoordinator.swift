final class ListingsCoordinator {
    func showDetail(_ listing: Listing) { navigation.push(detail(listing)) }
}
