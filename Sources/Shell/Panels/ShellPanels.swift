/// Builds a panel for the shell that opens it: the one place that knows every panel type.
@MainActor
enum ShellPanels {
    static let builders: [PanelID: @MainActor (AppShell) -> any ShellPanel] = [
        .compare: { ComparePanel(shell: $0) },
        .network: { NetworkPanel(shell: $0) },
        .source: { SourcePanel(traceBuffer: $0.traceBuffer) },
        .metrics: { _ in MetricsPanel() },
    ]

    static func make(_ id: PanelID, for shell: AppShell) -> (any ShellPanel)? {
        builders[id]?(shell)
    }
}
