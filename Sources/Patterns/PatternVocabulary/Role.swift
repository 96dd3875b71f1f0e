/// The part a type plays in a pattern. The trace pane colours and indents events by role, so a
/// reader sees the layers a key press travelled through; the metrics count each pattern's code
/// lines by the same roles, so a trace and a count speak of the same parts.
package enum Role: String, Sendable, Codable, CaseIterable {
    case shell = "Shell"
    case view = "View"
    case controller = "Controller"
    case presenter = "Presenter"
    case viewModel = "ViewModel"
    /// MVVM's hand-written observable between view model and view. The metrics count it as a
    /// role of its own; the trace has a line for each change it tells the view of.
    case binding = "Binding"
    case interactor = "Interactor"
    case router = "Router"
    case coordinator = "Coordinator"
    case builder = "Builder"
    case entity = "Entity"
    case model = "Model"
    case network = "Network"
    case reformer = "Reformer"
    case cache = "Cache"
    /// The network layer's one broadcast, "the network type changed": its post and nothing else.
    case notification = "Notification"

    /// How far from the user this role sits: 0 the view, then the view's partner, then business
    /// roles, then data, then the network. The trace pane indents by it.
    package var layer: Int {
        switch self {
        case .shell, .view: 0
        case .controller, .presenter, .viewModel, .binding: 1
        case .interactor, .router, .coordinator, .builder: 2
        case .entity, .model: 3
        case .network, .reformer, .cache, .notification: 4
        }
    }
}
