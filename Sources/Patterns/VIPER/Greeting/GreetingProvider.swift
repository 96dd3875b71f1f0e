/// Presenter → interactor, Orlov's `GreetingProvider`: the greeting's use cases, the interactor's
/// whole public face, so the presenter is tested against a spy of it.
@MainActor
protocol GreetingProvider: AnyObject {
    /// Tells the output the greeting's data, or that a name is missing.
    func provideGreetingData()
    /// Tells the output the person's names (mvx's fields).
    func provideNames()
    /// The user edited the names: they become the entity's.
    func updateNames(firstName: String, lastName: String)
}
