/// Presenter → view: show exactly this. The view decides nothing; the presenter holds it weakly.
@MainActor
protocol GreetingView: AnyObject {
    /// Puts the names in the two fields.
    func showNames(firstName: String, lastName: String)
    /// Shows the greeting line, in the error style for a validation message.
    func showGreeting(_ text: String, isError: Bool)
    /// Shows the status line (empty clears it), in the error style for a failure.
    func showStatus(_ text: String, isError: Bool)
    /// Shows the network banner (empty hides it).
    func showNetworkBanner(_ text: String)
}
