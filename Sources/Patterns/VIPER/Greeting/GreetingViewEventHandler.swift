/// View → presenter: what happened on screen, and nothing about what it means. The view holds
/// its event handler strongly: the view controller is the module's root and owns the presenter.
@MainActor
protocol GreetingViewEventHandler: AnyObject {
    /// The screen is about to show.
    func viewWillAppear()
    /// The `Show greeting` button was pressed.
    func didTapShowGreeting()
    /// The first-name field was edited.
    func didEditFirstName(_ text: String)
    /// The last-name field was edited.
    func didEditLastName(_ text: String)
    /// `r` was pressed (whether a retry is due is the interactor's to decide).
    func didRequestRetry()
}
