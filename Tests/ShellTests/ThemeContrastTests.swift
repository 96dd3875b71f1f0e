import PatternVocabulary
import Terminal
import Testing
import Widgets
@testable import Shell

/// Every colour the shell and the widgets write on the terminal's own background reads on it: at
/// least 4.5:1 (WCAG AA) against black for the dark theme and white for the light one, with the
/// colours xterm shows for the 256-colour numbers. Roles and key hints are never dim (how much
/// dim takes away is up to the terminal); on 8 colours a light background never gets white or
/// yellow text. The formulas are `RGBColor`'s (checked in ContrastMathsTests).
@Suite("Theme contrast")
struct ThemeContrastTests {
    static let aa = 4.5

    /// A theme's table and the background it is checked against.
    struct ThemeTable: CustomTestStringConvertible, Sendable {
        var appearance: Appearance
        var shell: ShellPalette
        var widgets: WidgetPalette
        var background: RGBColor
        var testDescription: String { appearance.rawValue }
    }

    static let themes = [
        ThemeTable(appearance: .dark, shell: .dark, widgets: .dark, background: .black),
        ThemeTable(appearance: .light, shell: .light, widgets: .light, background: .white),
    ]

    /// Every role the trace pane, the help and the panels colour, with its style in `palette`.
    static func roles(_ palette: ShellPalette) -> [(name: String, style: Style)] {
        Role.allCases.map { ($0.rawValue, palette.style(for: $0)) }
    }

    /// The key hints: the key bar's keys and their labels.
    static func keyHints(_ palette: ShellPalette) -> [(name: String, style: Style)] {
        [("keyName", palette.keyName), ("keyLabel", palette.keyLabel)]
    }

    /// The rest of the coloured text on the terminal's background.
    static func otherText(_ theme: ThemeTable) -> [(name: String, style: Style)] {
        let palette = theme.shell
        let tokens = TokenClass.allCases.filter { $0 != .plain }.map { ("token \($0)", palette.style(for: $0)) }
        return [("notice", palette.notice), ("location", palette.location), ("detail", palette.detail),
                ("networkOK", palette.networkOK), ("networkFailed", palette.networkFailed),
                ("networkCached", palette.networkCached), ("metricsBar", palette.metricsBar),
                ("leakAlarm", palette.leakAlarm), ("freed", palette.freed), ("lineNumber", palette.lineNumber),
                ("methodBar", palette.methodBar)]
            + tokens + theme.widgets.entries.map { ("widget \($0.name)", $0.style) }
    }

    /// The colour xterm shows for `color` on a 256-colour terminal; nil for the terminal's own.
    static func shown(_ color: Color) -> RGBColor? {
        guard let index = ColorSupport.indexed256.terminalIndex(of: color), index >= 0 else { return nil }
        return Color.xtermRGB(index: UInt8(index))
    }

    static func ratio(_ style: Style, on background: RGBColor) -> Double? {
        shown(style.foreground).map { $0.contrastRatio(with: background) }
    }

    @Test("roles and key hints: a colour of their own, 4.5:1 or more, never dim", arguments: themes)
    func rolesAndKeyHints(theme: ThemeTable) {
        for (name, style) in Self.roles(theme.shell) + Self.keyHints(theme.shell) {
            let ratio = Self.ratio(style, on: theme.background)
            #expect(ratio != nil, "\(name) has no colour of its own")
            #expect((ratio ?? 0) >= Self.aa, "\(name): \(style.foreground) is \(ratio ?? 0):1 on \(theme.background)")
            #expect(!style.attributes.contains(.dim), "\(name) is dim: its contrast is then the terminal's guess")
            #expect(style.background == .default, "\(name) is drawn on the terminal's background")
        }
    }

    @Test("every other coloured text: 4.5:1 or more; dim only on the dark theme's secondary lines", arguments: themes)
    func otherText(theme: ThemeTable) {
        for (name, style) in Self.otherText(theme) {
            guard let ratio = Self.ratio(style, on: theme.background) else {
                // The terminal's own colour reads on its own background; dim may cost it too much on a light one.
                #expect(theme.appearance == .dark || !style.attributes.contains(.dim), "\(name) is dim on light")
                continue
            }
            #expect(ratio >= Self.aa, "\(name): \(style.foreground) is \(ratio):1 on \(theme.background)")
            if theme.appearance == .light { #expect(!style.attributes.contains(.dim), "\(name) is dim on light") }
        }
    }

    @Test("text on its own background (the header bar, the help overlay, the traced line) reads on it")
    func ownBackgrounds() {
        for theme in Self.themes {
            let palette = theme.shell
            for (name, style) in [("headerBar", palette.headerBar), ("appName", palette.appName), ("activeTab", palette.activeTab),
                                  ("otherScreenTab", palette.otherScreenTab), ("mixMarker", palette.mixMarker),
                                  ("overlay", palette.overlay), ("overlayTitle", palette.overlayTitle),
                                  ("tracedLine", palette.tracedLine)] {
                let (foreground, background) = (Self.shown(style.foreground), Self.shown(style.background))
                guard let foreground, let background else {
                    Issue.record("\(theme.appearance) \(name) should bring both its colours")
                    continue
                }
                #expect(foreground.contrastRatio(with: background) >= Self.aa, "\(theme.appearance) \(name)")
            }
        }
    }

    /// xterm's eight colours on white: black 21, blue 9.4, red 5.8, magenta 4.7; green 2.2, cyan
    /// 2.0, yellow 1.7, white 1.3. On a light background the fallbacks are the first four (or the
    /// terminal's own colour), so no text goes white or yellow — bold white least of all. (xterm
    /// draws bold in a basic colour bright, which costs red and blue little, magenta more: 3.1.)
    @Test("8 colours on a light background: never white or yellow, 4.5:1 or more")
    func eightColoursOnLight() {
        let theme = Self.themes[1]
        for (name, style) in Self.roles(theme.shell) + Self.keyHints(theme.shell) + Self.otherText(theme) {
            guard let basic = style.foreground.basic else { continue }  // the terminal's own colour
            #expect(basic != .white && basic != .yellow, "\(name) falls back to \(basic)")
            let ratio = Color.xtermRGB(basic).contrastRatio(with: .white)
            #expect(ratio >= Self.aa, "\(name) falls back to \(basic), \(ratio):1 on white")
        }
    }

    @Test("8 colours on a dark background: never black text")
    func eightColoursOnDark() {
        let theme = Self.themes[0]
        for (name, style) in Self.roles(theme.shell) + Self.keyHints(theme.shell) + Self.otherText(theme) {
            #expect(style.foreground.basic != .black, "\(name) falls back to black")
        }
    }

    @Test("the shell's styles are the tables' entries, a look per background")
    func themedStylesFollowTheTables() {
        #expect(ShellTheme.keyName.resolved(for: .dark) == ShellPalette.dark.keyName)
        #expect(ShellTheme.keyName.resolved(for: .light) == ShellPalette.light.keyName)
        for role in Role.allCases {
            #expect(ShellTheme.style(for: role).resolved(for: .dark) == ShellPalette.dark.style(for: role))
            #expect(ShellTheme.style(for: role).resolved(for: .light) == ShellPalette.light.style(for: role))
        }
        #expect(Widgets.Theme.error.resolved(for: .light) == WidgetPalette.light.error)
    }
}
