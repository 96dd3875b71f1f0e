/// Presenter → view, Orlov's `GreetingView`: a passive view is told the exact strings to show and
/// decides nothing. The view controller conforms; tests use a spy. Class-bound so the presenter can
/// hold it weakly.
@MainActor
protocol GreetingView: AnyObject {
    func setGreeting(_ greeting: String)
    /// Shows a warning where the greeting goes (a name is missing).
    func setWarning(_ warning: String)
    /// Puts the person's names in the fields.
    func setNames(firstName: String, lastName: String)
}
