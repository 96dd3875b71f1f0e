/// The part a type plays in a pattern. The trace pane colours and indents events by role, so a
/// reader sees the layers a key press travelled through.
public enum Role: String, Sendable, Codable, CaseIterable {
    case shell = "Shell"
    case view = "View"
    case controller = "Controller"
    case presenter = "Presenter"
    case viewModel = "ViewModel"
    case interactor = "Interactor"
    case router = "Router"
    case coordinator = "Coordinator"
    case builder = "Builder"
    case entity = "Entity"
    case model = "Model"
    case network = "Network"
    case reformer = "Reformer"
    case cache = "Cache"

    /// How far from the user this role sits: 0 the view, then the view's partner, then business
    /// roles, then data, then the network. The trace pane indents by it.
    public var layer: Int {
        switch self {
        case .shell, .view: 0
        case .controller, .presenter, .viewModel: 1
        case .interactor, .router, .coordinator, .builder: 2
        case .entity, .model: 3
        case .network, .reformer, .cache: 4
        }
    }
}
