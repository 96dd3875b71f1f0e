import Model

/// What the view knows of its view model, Orlov's `GreetingViewModelProtocol`: the greeting as
/// state, the closure to call when it changes, and the action. Nothing here mentions a view, so
/// the view model is tested by calling `showGreeting()` and reading `greeting`: no view at all.
@MainActor
protocol GreetingViewModelProtocol: AnyObject {
    /// `Hello David Blaine`, or the warning that a name is missing; nil until the button is pressed.
    var greeting: String? { get }
    /// Whether `greeting` is the warning (the view picks its style).
    var isWarning: Bool { get }
    /// Called each time `greeting` is set: Orlov's hand-made binding, installed by the view.
    var greetingDidChange: ((any GreetingViewModelProtocol) -> Void)? { get set }
    /// The person's names, for the fields.
    var firstName: String { get }
    var lastName: String { get }
    init(model: AppState)
    func showGreeting()
    /// The user edited the names: they go into the model.
    func updateNames(firstName: String, lastName: String)
}
