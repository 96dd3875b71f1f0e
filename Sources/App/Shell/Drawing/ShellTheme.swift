import PatternVocabulary
import Terminal
import Tracing

/// The shell's styles in one place. Each comes from two tables, `ShellPalette.dark` and
/// `ShellPalette.light`, made one `Style` with a look per background: the screen draws the look
/// for the terminal's `Appearance` (`--theme`), so no drawing code asks which theme is on.
/// Every colour has an 8-colour fallback; on a monochrome terminal the screen keeps only the
/// attributes, which is why active tabs are also reversed.
enum ShellTheme {
    static let headerBar = themed(\.headerBar)
    static let appName = themed(\.appName)
    static let activeTab = themed(\.activeTab)
    static let tab = headerBar
    /// In a mixed app, the pattern tab another screen is built in: underlined, not highlighted.
    static let otherScreenTab = themed(\.otherScreenTab)
    /// The ` x mix ` marker while mix mode is on.
    static let mixMarker = themed(\.mixMarker)
    static let unavailableTab = themed(\.unavailableTab)
    static let rule = themed(\.rule)
    static let paneTitle = themed(\.paneTitle)
    static let keyName = themed(\.keyName)
    static let keyLabel = themed(\.keyLabel)
    static let notice = themed(\.notice)
    static let actionHeader = themed(\.actionHeader)
    static let detail = themed(\.detail)
    static let location = themed(\.location)
    /// The network inspector's outcomes: delivered, failed, answered from the cache.
    static let networkOK = themed(\.networkOK)
    static let networkFailed = themed(\.networkFailed)
    static let networkCached = themed(\.networkCached)
    /// A patch's added and removed lines (the drills panel). Removed lines are the failure colour;
    /// added ones have their own green, brighter than `networkOK`'s on a light background.
    static let diffAdded = themed(\.diffAdded)
    static let diffRemoved = networkFailed
    /// A bar of the metrics charts that no role colours (the criteria, MVVM's binding).
    static let metricsBar = themed(\.metricsBar)
    static let overlay = themed(\.overlay)
    static let overlayTitle = themed(\.overlayTitle)
    /// The ownership panel: a strong cycle or an object that outlived its module, and objects freed.
    static let leakAlarm = themed(\.leakAlarm)
    static let freed = themed(\.freed)

    // The source pane. In monochrome, keywords stay bold, comments dim and the traced line reversed.
    static let lineNumber = themed(\.lineNumber)
    static let tracedLineNumber = notice
    /// The bar beside the lines of the method a traced line is in.
    static let methodBar = themed(\.methodBar)
    /// The traced line: one style for the whole row, reversed so that it stands out on every
    /// terminal — dark text on a light band in colour, black on yellow with 8, inverse without.
    static let tracedLine = themed(\.tracedLine)

    /// Light syntax colouring for the source pane.
    static func style(for token: TokenClass) -> Style {
        Style(dark: ShellPalette.dark.style(for: token), light: ShellPalette.light.style(for: token))
    }

    /// Each role has its colour, the same in the trace pane and the help overlay.
    static func style(for role: Role) -> Style {
        Style(dark: ShellPalette.dark.style(for: role), light: ShellPalette.light.style(for: role))
    }

    private static func themed(_ entry: KeyPath<ShellPalette, Style>) -> Style {
        Style(dark: ShellPalette.dark[keyPath: entry], light: ShellPalette.light[keyPath: entry])
    }
}

/// One theme's table: every style the shell draws with, for one kind of background. Text on the
/// terminal's own background — the roles, the key hints, the notices, the source's colours — is
/// at least 4.5:1 against it (WCAG AA) in xterm's 256 colours (checked against black and white
/// by `ThemeContrastTests`). Roles and key hints are never dim: how much dim takes away is the
/// terminal's choice, so the colour alone must read. On 8 colours a light background gets no
/// white or yellow text: the fallbacks are black, red, blue, magenta or the terminal's own colour.
struct ShellPalette: Sendable {
    // The header bar and the overlay bring their own background: the same on both.
    var headerBar: Style
    var appName: Style
    var activeTab: Style
    var otherScreenTab: Style
    var mixMarker: Style
    var unavailableTab: Style
    var overlay: Style
    var overlayTitle: Style
    var tracedLine: Style

    // On the terminal's background.
    var rule: Style
    var paneTitle: Style
    var keyName: Style
    var keyLabel: Style
    var notice: Style
    var actionHeader: Style
    var detail: Style
    var location: Style
    var networkOK: Style
    var networkFailed: Style
    var diffAdded: Style
    var networkCached: Style
    var metricsBar: Style
    var leakAlarm: Style
    var freed: Style
    var lineNumber: Style
    var methodBar: Style

    /// The source pane's colours, by token (`plain` is always the terminal's own).
    var keyword: Style
    var type: Style
    var string: Style
    var interpolation: Style
    var comment: Style
    var docComment: Style
    var number: Style
    var attribute: Style
    var directive: Style

    /// The roles' colours (MVVM's binding has the metrics bar's).
    var shell: Style
    var view: Style
    var controller: Style
    var presenter: Style
    var viewModel: Style
    var interactor: Style
    var router: Style
    var builder: Style
    var model: Style
    var network: Style
    var reformer: Style
    var notification: Style

    func style(for token: TokenClass) -> Style {
        switch token {
        case .plain: .plain
        case .keyword: keyword
        case .type: type
        case .string: string
        case .interpolation: interpolation
        case .comment: comment
        case .docComment: docComment
        case .number: number
        case .attribute: attribute
        case .directive: directive
        }
    }

    func style(for role: Role) -> Style {
        switch role {
        case .shell: shell
        case .view: view
        case .controller: controller
        case .presenter: presenter
        case .viewModel: viewModel
        case .binding: metricsBar  // the binding's trace lines and its metrics bar: a colour of its own
        case .interactor: interactor
        case .router, .coordinator: router
        case .builder: builder
        case .entity, .model: model
        case .network, .cache: network
        case .reformer: reformer
        case .notification: notification
        }
    }
}

extension ShellPalette {
    /// For a dark background (checked against black). The look mvx always had, except that the
    /// network layer, reformers, builders and the shell's own events are quieter colours, not dim.
    static let dark = ShellPalette(
        headerBar: Style(foreground: .indexed(254, fallback: .white), background: .indexed(236, fallback: .black)),
        appName: Style(foreground: .indexed(214, fallback: .yellow), background: .indexed(236, fallback: .black), attributes: .bold),
        activeTab: Style(foreground: .indexed(16, fallback: .black), background: .indexed(214, fallback: .yellow), attributes: [.bold, .reverse]),
        otherScreenTab: Style(foreground: .indexed(214, fallback: .yellow), background: .indexed(236, fallback: .black), attributes: .underline),
        mixMarker: Style(foreground: .indexed(16, fallback: .black), background: .indexed(150, fallback: .green), attributes: [.bold, .reverse]),
        unavailableTab: Style(foreground: .indexed(242, fallback: .white), background: .indexed(236, fallback: .black), attributes: .dim),
        overlay: Style(foreground: .indexed(255, fallback: .white), background: .indexed(237, fallback: .blue)),
        overlayTitle: Style(foreground: .indexed(214, fallback: .yellow), background: .indexed(237, fallback: .blue), attributes: .bold),
        tracedLine: Style(foreground: .indexed(223, fallback: .yellow), background: .indexed(235, fallback: .black), attributes: .reverse),

        rule: Style(foreground: .indexed(240, fallback: .white), attributes: .dim),
        paneTitle: Style(attributes: .bold),
        keyName: Style(foreground: .indexed(214, fallback: .yellow), attributes: .bold),
        keyLabel: Style(foreground: .indexed(248, fallback: nil)),
        notice: Style(foreground: .indexed(214, fallback: .yellow), attributes: .bold),
        actionHeader: Style(attributes: .bold),
        detail: .dim,
        location: Style(foreground: .indexed(244, fallback: .white), attributes: .dim),
        networkOK: Style(foreground: .indexed(114, fallback: .green)),
        networkFailed: Style(foreground: .indexed(203, fallback: .red), attributes: .bold),
        diffAdded: Style(foreground: .indexed(114, fallback: .green)),
        networkCached: Style(foreground: .indexed(75, fallback: .cyan)),
        metricsBar: Style(foreground: .indexed(110, fallback: .cyan)),
        leakAlarm: Style(foreground: .indexed(203, fallback: .red), attributes: .bold),
        freed: Style(foreground: .indexed(114, fallback: .green)),
        lineNumber: Style(foreground: .indexed(243, fallback: .white), attributes: .dim),
        methodBar: Style(foreground: .indexed(214, fallback: .yellow)),

        keyword: Style(foreground: .indexed(176, fallback: .magenta), attributes: .bold),
        type: Style(foreground: .indexed(117, fallback: .cyan)),
        string: Style(foreground: .indexed(180, fallback: .yellow)),
        interpolation: Style(foreground: .indexed(176, fallback: .magenta)),
        comment: Style(foreground: .indexed(245, fallback: .white), attributes: .dim),
        docComment: Style(foreground: .indexed(108, fallback: .green), attributes: .dim),
        number: Style(foreground: .indexed(141, fallback: .blue)),
        attribute: Style(foreground: .indexed(215, fallback: .yellow)),
        directive: Style(foreground: .indexed(209, fallback: .red)),

        shell: Style(foreground: .indexed(245, fallback: nil)),
        view: Style(foreground: .indexed(81, fallback: .cyan)),
        controller: Style(foreground: .indexed(221, fallback: .yellow)),
        presenter: Style(foreground: .indexed(213, fallback: .magenta)),
        viewModel: Style(foreground: .indexed(114, fallback: .green)),
        interactor: Style(foreground: .indexed(75, fallback: .blue)),
        router: Style(foreground: .indexed(209, fallback: .red)),
        builder: Style(foreground: .indexed(137, fallback: .yellow)),
        model: Style(foreground: .indexed(252, fallback: .white), attributes: .bold),
        network: Style(foreground: .indexed(103, fallback: .blue)),
        reformer: Style(foreground: .indexed(107, fallback: .green)),
        // Bright, not quiet like the rest of the network layer: a broadcast reaches every layer.
        notification: Style(foreground: .indexed(207, fallback: .magenta), attributes: .bold)
    )

    /// For a light background (checked against white): the same hues, dark enough to read on it.
    /// xterm's grey 252 (Model) was 1.5:1 on white, cyan 81 (View) 1.7:1, orange 214 (keys) 1.8:1.
    static let light = ShellPalette(
        headerBar: dark.headerBar,
        appName: dark.appName,
        activeTab: dark.activeTab,
        otherScreenTab: dark.otherScreenTab,
        mixMarker: dark.mixMarker,
        unavailableTab: dark.unavailableTab,
        overlay: dark.overlay,
        overlayTitle: dark.overlayTitle,
        tracedLine: dark.tracedLine,

        rule: Style(foreground: .indexed(245, fallback: nil)),
        paneTitle: Style(attributes: .bold),
        keyName: Style(foreground: .indexed(130, fallback: .red), attributes: .bold),
        keyLabel: Style(foreground: .indexed(240, fallback: nil)),
        notice: Style(foreground: .indexed(130, fallback: .red), attributes: .bold),
        actionHeader: Style(attributes: .bold),
        detail: Style(foreground: .indexed(240, fallback: nil)),
        location: Style(foreground: .indexed(242, fallback: nil)),
        networkOK: Style(foreground: .indexed(22, fallback: nil)),
        networkFailed: Style(foreground: .indexed(160, fallback: .red), attributes: .bold),
        // xterm's 28 (#008700), 4.6:1 on white: 22 read as black beside the plain context lines. With
        // 8 colours, bold in the text colour: the 8-colour green is too pale on white.
        diffAdded: Style(foreground: .indexed(28, fallback: nil), attributes: .bold),
        networkCached: Style(foreground: .indexed(20, fallback: .blue)),
        metricsBar: Style(foreground: .indexed(96, fallback: .blue)),
        leakAlarm: Style(foreground: .indexed(160, fallback: .red), attributes: .bold),
        freed: Style(foreground: .indexed(22, fallback: nil)),
        lineNumber: Style(foreground: .indexed(242, fallback: nil)),
        methodBar: Style(foreground: .indexed(130, fallback: .red)),

        keyword: Style(foreground: .indexed(90, fallback: .magenta), attributes: .bold),
        type: Style(foreground: .indexed(24, fallback: .blue)),
        string: Style(foreground: .indexed(94, fallback: .red)),
        interpolation: Style(foreground: .indexed(90, fallback: .magenta)),
        comment: Style(foreground: .indexed(242, fallback: nil)),
        docComment: Style(foreground: .indexed(22, fallback: nil)),
        number: Style(foreground: .indexed(55, fallback: .blue)),
        attribute: Style(foreground: .indexed(130, fallback: .red)),
        directive: Style(foreground: .indexed(124, fallback: .red)),

        shell: Style(foreground: .indexed(242, fallback: nil)),
        view: Style(foreground: .indexed(24, fallback: .blue)),
        controller: Style(foreground: .indexed(94, fallback: .red)),
        presenter: Style(foreground: .indexed(127, fallback: .magenta)),
        viewModel: Style(foreground: .indexed(22, fallback: .magenta)),
        interactor: Style(foreground: .indexed(20, fallback: .blue)),
        router: Style(foreground: .indexed(160, fallback: .red)),
        builder: Style(foreground: .indexed(95, fallback: nil)),
        // Near black and bold, as near white and bold on dark: xterm's bold white was invisible on white.
        model: Style(foreground: .indexed(235, fallback: nil), attributes: .bold),
        network: Style(foreground: .indexed(60, fallback: nil)),
        reformer: Style(foreground: .indexed(58, fallback: nil)),
        notification: Style(foreground: .indexed(125, fallback: .magenta), attributes: .bold)
    )
}
