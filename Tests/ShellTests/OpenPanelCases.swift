@testable import Shell

/// The open panel as its own type, or nil when another panel is open: what the tests read.
extension OpenPanel {
    var compare: ComparePanel? { if case .compare(let panel) = self { panel } else { nil } }
    var network: NetworkPanel? { if case .network(let panel) = self { panel } else { nil } }
    var source: SourcePanel? { if case .source(let panel) = self { panel } else { nil } }
    var metrics: MetricsPanel? { if case .metrics(let panel) = self { panel } else { nil } }
    var timeline: TimelinePanel? { if case .timeline(let panel) = self { panel } else { nil } }
    var ownership: OwnershipPanel? { if case .ownership(let panel) = self { panel } else { nil } }
    var card: CardPanel? { if case .card(let panel) = self { panel } else { nil } }
    var drills: DrillsPanel? { if case .drills(let panel) = self { panel } else { nil } }
}
