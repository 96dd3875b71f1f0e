/// View → presenter, Orlov's `GreetingViewEventHandler`: what happened on screen, nothing about
/// what it means. The view holds its event handler strongly: the view is the module's root.
@MainActor
protocol GreetingViewEventHandler: AnyObject {
    func didTapShowGreetingButton()
    /// The view loaded: its fields want the names.
    func didLoadView()
    /// The user edited the names.
    func didEditNames(firstName: String, lastName: String)
}
