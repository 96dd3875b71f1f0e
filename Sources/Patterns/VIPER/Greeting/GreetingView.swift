/// Presenter → view, Orlov's `GreetingView`: show exactly this. The view decides nothing; the
/// presenter holds it weakly.
@MainActor
protocol GreetingView: AnyObject {
    func setGreeting(_ greeting: String)
    /// Shows a warning where the greeting goes (a name is missing).
    func setWarning(_ warning: String)
    /// Puts the person's names in the fields.
    func setNames(firstName: String, lastName: String)
}
