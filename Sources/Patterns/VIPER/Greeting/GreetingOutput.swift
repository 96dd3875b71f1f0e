/// Interactor → presenter, Orlov's `GreetingOutput`. The interactor holds its output weakly: the
/// presenter owns the interactor, not the other way round.
@MainActor
protocol GreetingOutput: AnyObject {
    func receiveGreetingData(_ greetingData: GreetingData)
    /// A name is missing: there is no greeting.
    func receiveMissingName()
    /// The person's names, for the fields.
    func receiveNames(firstName: String, lastName: String)
}
