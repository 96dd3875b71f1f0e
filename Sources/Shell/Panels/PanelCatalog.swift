import Mediator
import Terminal

/// Builds a panel when its key opens it: the one place that knows every panel type.
@MainActor
enum PanelCatalog {
    /// The panel `id` for the app in `state`, and what opening it sets off (compare's replay).
    static func open(_ id: PanelID, state: ShellState, context: PanelContext, canReplay: Bool)
        -> (panel: any ShellPanel, effect: ShellEffect?)? {
        switch id {
        case .compare:
            let panel = ComparePanel(screen: state.screen, pattern: state.pattern, keys: state.keysOnScreen,
                                     token: state.replayCount + 1, canReplay: canReplay)
            let effect = canReplay
                ? ShellEffect.replay(keys: state.keysOnScreen, screen: state.screen, size: state.size,
                                     token: panel.token) : nil
            return (panel, effect)
        case .network: return (NetworkPanel(network: context.network), nil)
        case .source: return (SourcePanel(), nil)
        case .metrics: return (MetricsPanel(), nil)
        case .timeline: return (TimelinePanel(), nil)
        case .ownership: return (OwnershipPanel(screen: state.screen, canCapture: canReplay), nil)
        default: return nil
        }
    }
}
