import Terminal
import Tracing

/// The shell's styles in one place. Every colour has an 8-colour fallback; on a monochrome
/// terminal the screen keeps only the attributes, which is why active tabs are also reversed.
enum ShellTheme {
    static let headerBar = Style(foreground: .indexed(254, fallback: .white), background: .indexed(236, fallback: .black))
    static let appName = Style(foreground: .indexed(214, fallback: .yellow), background: .indexed(236, fallback: .black), attributes: .bold)
    static let activeTab = Style(foreground: .indexed(16, fallback: .black), background: .indexed(214, fallback: .yellow), attributes: [.bold, .reverse])
    static let tab = headerBar
    static let unavailableTab = Style(foreground: .indexed(242, fallback: .white), background: .indexed(236, fallback: .black), attributes: .dim)
    static let rule = Style(foreground: .indexed(240, fallback: .white), attributes: .dim)
    static let paneTitle = Style(attributes: .bold)
    static let keyName = Style(foreground: .indexed(214, fallback: .yellow), attributes: .bold)
    static let keyLabel = Style.dim
    static let notice = Style(foreground: .indexed(214, fallback: .yellow), attributes: .bold)
    static let actionHeader = Style(attributes: .bold)
    static let detail = Style.dim
    static let location = Style(foreground: .indexed(244, fallback: .white), attributes: .dim)
    /// A bar of the metrics charts that no role colours (the criteria, MVVM's binding).
    static let metricsBar = Style(foreground: .indexed(110, fallback: .cyan))
    static let overlay = Style(foreground: .indexed(255, fallback: .white), background: .indexed(237, fallback: .blue))
    static let overlayTitle = Style(foreground: .indexed(214, fallback: .yellow), background: .indexed(237, fallback: .blue), attributes: .bold)

    /// Each role has its colour, the same in the trace pane and the help overlay.
    static func style(for role: Role) -> Style {
        switch role {
        case .shell: Style(attributes: .dim)
        case .view: Style(foreground: .indexed(81, fallback: .cyan))
        case .controller: Style(foreground: .indexed(221, fallback: .yellow))
        case .presenter: Style(foreground: .indexed(213, fallback: .magenta))
        case .viewModel: Style(foreground: .indexed(114, fallback: .green))
        case .interactor: Style(foreground: .indexed(75, fallback: .blue))
        case .router, .coordinator: Style(foreground: .indexed(209, fallback: .red))
        case .builder: Style(foreground: .indexed(180, fallback: .yellow), attributes: .dim)
        case .entity, .model: Style(foreground: .indexed(252, fallback: .white), attributes: .bold)
        case .network, .cache: Style(foreground: .indexed(147, fallback: .blue), attributes: .dim)
        case .reformer: Style(foreground: .indexed(150, fallback: .green), attributes: .dim)
        }
    }
}
