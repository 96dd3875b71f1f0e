import Terminal

/// The styles every widget draws with, in one place, so the look can change without touching
/// widget code. Each style also reads without colour (reverse, bold, dim), so `NO_COLOR` works.
/// The coloured ones come from two tables, one per background (`WidgetPalette`); the screen
/// draws the one for the terminal's `Appearance`.
package enum Theme {
    /// The focused control: reverse video is visible on every terminal.
    package static let focused = Style(attributes: [.reverse, .bold])
    /// A selected item that is not focused (a list row when the list is not focused).
    package static let selected = themed(\.selected)
    /// Headings and the navigation breadcrumb.
    package static let title = Style(attributes: [.bold])
    /// Secondary text: subtitles, placeholders, the list footer.
    package static let dim = themed(\.dim)
    /// Validation and failure messages.
    package static let error = themed(\.error)
    /// Highlights: the chosen segment, accessories.
    package static let accent = themed(\.accent)
    /// The editable box of a text field.
    package static let field = Style(attributes: [.underline])
    /// Ordinary text.
    package static let plain = Style.plain

    private static func themed(_ entry: KeyPath<WidgetPalette, Style>) -> Style {
        Style(dark: WidgetPalette.dark[keyPath: entry], light: WidgetPalette.light[keyPath: entry])
    }
}

/// One theme's coloured widget styles: text on the terminal's own background, each at least
/// 4.5:1 against it (WCAG AA) in xterm's 256 colours, and never white or yellow on a light one.
package struct WidgetPalette: Sendable {
    package var selected: Style
    package var error: Style
    package var accent: Style
    package var dim: Style

    /// For a dark background (black, as the contrast is checked).
    package static let dark = WidgetPalette(
        selected: Style(foreground: .cyan, attributes: .bold),
        error: Style(foreground: .indexed(203, fallback: .red), attributes: .bold),
        accent: Style(foreground: .cyan),
        dim: Style(attributes: .dim))

    /// For a light background (white, as the contrast is checked): xterm's cyan is 1.9:1 there.
    package static let light = WidgetPalette(
        selected: Style(foreground: .indexed(25, fallback: .blue), attributes: .bold),
        error: Style(foreground: .indexed(160, fallback: .red), attributes: .bold),
        accent: Style(foreground: .indexed(25, fallback: .blue)),
        // A grey rather than dim: terminals dim black text on white anywhere from not at all to 3:1.
        dim: Style(foreground: .indexed(240, fallback: nil)))

    /// Every entry with its name, for the contrast tests.
    package var entries: [(name: String, style: Style)] {
        [("selected", selected), ("error", error), ("accent", accent), ("dim", dim)]
    }
}
