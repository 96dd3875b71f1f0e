import Mediator
import Terminal

/// The open panel, one case per panel, each carrying that panel's value state: the one place that
/// knows every panel type. An enum rather than `any ShellPanel`, so the shell's state compares whole
/// by the compiler's own `==` and nothing in it can be left out of the comparison.
package enum OpenPanel: Equatable, Sendable {
    case compare(ComparePanel)
    case network(NetworkPanel)
    case source(SourcePanel)
    case metrics(MetricsPanel)
    case timeline(TimelinePanel)
    case ownership(OwnershipPanel)
    case card(CardPanel)
    case drills(DrillsPanel)

    /// The panel `id` for the app in `state`, and what opening it sets off (compare's replay).
    @MainActor
    static func open(_ id: PanelID, state: ShellState, context: PanelContext, canReplay: Bool)
        -> (panel: OpenPanel, effect: ShellEffect?)? {
        switch id {
        case .compare:
            let panel = ComparePanel(screen: state.screen, pattern: state.pattern, keys: state.keysOnScreen,
                                     token: state.replayCount + 1, canReplay: canReplay)
            let effect = canReplay
                ? ShellEffect.replay(keys: state.keysOnScreen, screen: state.screen, size: state.size,
                                     token: panel.token) : nil
            return (.compare(panel), effect)
        case .network: return (.network(NetworkPanel(network: context.network)), nil)
        case .source: return (.source(SourcePanel(opening: context.trace)), nil)
        case .metrics: return (.metrics(MetricsPanel()), nil)
        case .timeline: return (.timeline(TimelinePanel()), nil)
        case .ownership: return (.ownership(OwnershipPanel(screen: state.screen, canCapture: canReplay)), nil)
        case .card: return (.card(CardPanel()), nil)
        case .drills: return (.drills(DrillsPanel()), nil)
        default: return nil
        }
    }

    /// The panel in whichever case, for what every panel answers alike.
    private var panel: any ShellPanel {
        switch self {
        case .compare(let panel): panel
        case .network(let panel): panel
        case .source(let panel): panel
        case .metrics(let panel): panel
        case .timeline(let panel): panel
        case .ownership(let panel): panel
        case .card(let panel): panel
        case .drills(let panel): panel
        }
    }

    package var id: PanelID { panel.id }
    var placement: PanelPlacement { panel.placement }

    @MainActor
    func title(in context: PanelContext) -> String { panel.title(in: context) }

    @MainActor
    func draw(into canvas: Canvas, context: PanelContext) { panel.draw(into: canvas, context: context) }

    /// The panel's answer to `key`, its own state changed in its case.
    @MainActor
    mutating func handle(_ key: Key, in context: PanelContext) -> PanelKeyResult {
        switch self {
        case .compare(var panel): defer { self = .compare(panel) }; return panel.handle(key, in: context)
        case .network(var panel): defer { self = .network(panel) }; return panel.handle(key, in: context)
        case .source(var panel): defer { self = .source(panel) }; return panel.handle(key, in: context)
        case .metrics(var panel): defer { self = .metrics(panel) }; return panel.handle(key, in: context)
        case .timeline(var panel): defer { self = .timeline(panel) }; return panel.handle(key, in: context)
        case .ownership(var panel): defer { self = .ownership(panel) }; return panel.handle(key, in: context)
        case .card(var panel): defer { self = .card(panel) }; return panel.handle(key, in: context)
        case .drills(var panel): defer { self = .drills(panel) }; return panel.handle(key, in: context)
        }
    }
}
