final class ListingsRouter {
    func openDetail(_ listing: Listing) { navigation.push(detail(listing)) }
}
