/// What the greeting presenter may tell its view (presenter → view). A passive view: it is told
/// the exact strings to show and decides nothing. The view controller conforms; tests use a spy.
///
/// Class-bound so the presenter can hold it weakly.
@MainActor
protocol GreetingView: AnyObject {
    /// Puts the names into the two fields.
    func showNames(firstName: String, lastName: String)
    /// Shows the greeting line, in the error style for the validation message.
    func showGreeting(_ text: String, isError: Bool)
    /// Shows the status line (empty clears it), in the error style for a failure.
    func showStatus(_ text: String, isError: Bool)
    /// Shows the network banner (empty hides it).
    func showNetworkBanner(_ text: String)
}
