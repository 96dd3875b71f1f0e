import Model

/// Interactor → presenter: what the use cases produced. Orlov calls it `GreetingOutput`. The
/// interactor holds its output weakly: the presenter owns the interactor, not the other way round.
@MainActor
protocol GreetingInteractorOutput: AnyObject {
    /// The names to show in the fields.
    func didProvideNames(firstName: String, lastName: String)
    /// A person load started.
    func didStartLoadingNames()
    /// The person load succeeded (the names follow, unless the user typed meanwhile).
    func didFinishLoadingNames()
    /// The person load failed, for `reason` (a sentence); a retry is possible.
    func didFailToLoadNames(reason: String)
    /// Both names are there: the data of the greeting.
    func didProvideGreeting(_ greeting: GreetingData)
    /// A name is empty; there is no greeting.
    func didRejectNames()
    /// The network type now (as the names are provided) or after the network layer's notification.
    func didProvideNetworkType(_ networkType: NetworkType)
}
