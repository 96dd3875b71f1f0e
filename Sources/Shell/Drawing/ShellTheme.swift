import PatternVocabulary
import Terminal
import Tracing

/// The shell's styles in one place. Every colour has an 8-colour fallback; on a monochrome
/// terminal the screen keeps only the attributes, which is why active tabs are also reversed.
enum ShellTheme {
    static let headerBar = Style(foreground: .indexed(254, fallback: .white), background: .indexed(236, fallback: .black))
    static let appName = Style(foreground: .indexed(214, fallback: .yellow), background: .indexed(236, fallback: .black), attributes: .bold)
    static let activeTab = Style(foreground: .indexed(16, fallback: .black), background: .indexed(214, fallback: .yellow), attributes: [.bold, .reverse])
    static let tab = headerBar
    /// In a mixed app, the pattern tab another screen is built in: underlined, not highlighted.
    static let otherScreenTab = Style(foreground: .indexed(214, fallback: .yellow), background: .indexed(236, fallback: .black), attributes: .underline)
    /// The ` x mix ` marker while mix mode is on.
    static let mixMarker = Style(foreground: .indexed(16, fallback: .black), background: .indexed(150, fallback: .green), attributes: [.bold, .reverse])
    static let unavailableTab = Style(foreground: .indexed(242, fallback: .white), background: .indexed(236, fallback: .black), attributes: .dim)
    static let rule = Style(foreground: .indexed(240, fallback: .white), attributes: .dim)
    static let paneTitle = Style(attributes: .bold)
    static let keyName = Style(foreground: .indexed(214, fallback: .yellow), attributes: .bold)
    static let keyLabel = Style.dim
    static let notice = Style(foreground: .indexed(214, fallback: .yellow), attributes: .bold)
    static let actionHeader = Style(attributes: .bold)
    static let detail = Style.dim
    static let location = Style(foreground: .indexed(244, fallback: .white), attributes: .dim)
    /// The network inspector's outcomes: delivered, failed, answered from the cache.
    static let networkOK = Style(foreground: .indexed(114, fallback: .green))
    static let networkFailed = Style(foreground: .indexed(203, fallback: .red), attributes: .bold)
    static let networkCached = Style(foreground: .indexed(75, fallback: .cyan))
    /// A bar of the metrics charts that no role colours (the criteria, MVVM's binding).
    static let metricsBar = Style(foreground: .indexed(110, fallback: .cyan))
    static let overlay = Style(foreground: .indexed(255, fallback: .white), background: .indexed(237, fallback: .blue))
    static let overlayTitle = Style(foreground: .indexed(214, fallback: .yellow), background: .indexed(237, fallback: .blue), attributes: .bold)

    // The source pane. In monochrome, keywords stay bold, comments dim and the traced line reversed.
    static let lineNumber = Style(foreground: .indexed(242, fallback: .white), attributes: .dim)
    static let tracedLineNumber = notice
    /// The bar beside the lines of the method a traced line is in.
    static let methodBar = Style(foreground: .indexed(214, fallback: .yellow))
    /// The traced line: one style for the whole row, reversed so that it stands out on every
    /// terminal — dark text on a light band in colour, black on yellow with 8, inverse without.
    static let tracedLine = Style(foreground: .indexed(223, fallback: .yellow), background: .indexed(235, fallback: .black),
                                  attributes: .reverse)

    /// Light syntax colouring for the source pane.
    static func style(for token: TokenClass) -> Style {
        switch token {
        case .plain: .plain
        case .keyword: Style(foreground: .indexed(176, fallback: .magenta), attributes: .bold)
        case .type: Style(foreground: .indexed(117, fallback: .cyan))
        case .string: Style(foreground: .indexed(180, fallback: .yellow))
        case .interpolation: Style(foreground: .indexed(176, fallback: .magenta))
        case .comment: Style(foreground: .indexed(245, fallback: .white), attributes: .dim)
        case .docComment: Style(foreground: .indexed(108, fallback: .green), attributes: .dim)
        case .number: Style(foreground: .indexed(141, fallback: .blue))
        case .attribute: Style(foreground: .indexed(215, fallback: .yellow))
        case .directive: Style(foreground: .indexed(209, fallback: .red))
        }
    }

    /// Each role has its colour, the same in the trace pane and the help overlay.
    static func style(for role: Role) -> Style {
        switch role {
        case .shell: Style(attributes: .dim)
        case .view: Style(foreground: .indexed(81, fallback: .cyan))
        case .controller: Style(foreground: .indexed(221, fallback: .yellow))
        case .presenter: Style(foreground: .indexed(213, fallback: .magenta))
        case .viewModel: Style(foreground: .indexed(114, fallback: .green))
        case .binding: metricsBar  // no trace event has it; only the metrics panel draws it, in its bar colour
        case .interactor: Style(foreground: .indexed(75, fallback: .blue))
        case .router, .coordinator: Style(foreground: .indexed(209, fallback: .red))
        case .builder: Style(foreground: .indexed(180, fallback: .yellow), attributes: .dim)
        case .entity, .model: Style(foreground: .indexed(252, fallback: .white), attributes: .bold)
        case .network, .cache: Style(foreground: .indexed(147, fallback: .blue), attributes: .dim)
        case .reformer: Style(foreground: .indexed(150, fallback: .green), attributes: .dim)
        // Bright, not dim like the rest of the network layer: a broadcast reaches every layer.
        case .notification: Style(foreground: .indexed(207, fallback: .magenta), attributes: .bold)
        }
    }
}
