/// What the greeting's view knows of its view model (Orlov's `GreetingViewModelProtocol`): state
/// to bind to, and inputs to call. Nothing here mentions a view, so the view model behind it is
/// tested by calling the inputs and reading the outputs — no view at all.
@MainActor
protocol GreetingViewModelProtocol: AnyObject {
    // MARK: Outputs: what the view binds to

    var firstName: Observable<String> { get }
    var lastName: Observable<String> { get }
    /// `Hello <first> <last>`, or the validation message as an error.
    var greeting: Observable<DisplayText> { get }
    /// `Loading names …`, or why they could not be loaded.
    var status: Observable<DisplayText> { get }
    /// The network type's banner; empty on Wi-Fi.
    var networkBanner: Observable<String> { get }

    // MARK: Inputs: what the view calls

    /// The screen is about to show: publish the names, and load them if they are still the placeholder.
    func viewWillAppear()
    func update(firstName: String)
    func update(lastName: String)
    /// The button: greet the shared person as it is now.
    func showGreeting()
    /// The user asked to retry (the `r` key): the view model decides whether a retry is due.
    func retry()
}
