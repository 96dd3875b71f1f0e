/// Presenter → interactor: the greeting's use cases. Orlov calls it `GreetingProvider`; it is the
/// interactor's whole public face, so the presenter can be tested against a spy of it.
@MainActor
protocol GreetingInteractorInput: AnyObject {
    /// Tells the output the current names, and loads them from the person API while they are
    /// still the placeholder.
    func provideNames()
    /// Loads the names again, if the last load failed (the interactor decides; otherwise nothing).
    func reloadNames()
    /// The user edited the first name: it becomes the shared person's, and the user's from now on.
    func updateFirstName(_ firstName: String)
    /// The user edited the last name.
    func updateLastName(_ lastName: String)
    /// Validates the names and tells the output the greeting, or that a name is missing.
    func provideGreeting()
}
