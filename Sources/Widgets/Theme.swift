import Terminal

/// The styles every widget draws with, in one place, so the look can change without touching
/// widget code. Each style also reads without colour (reverse, bold, dim), so `NO_COLOR` works.
public enum Theme {
    /// The focused control: reverse video is visible on every terminal.
    public static let focused = Style(attributes: [.reverse, .bold])
    /// A selected item that is not focused (a list row when the list is not focused).
    public static let selected = Style(foreground: .cyan, attributes: [.bold])
    /// Headings and the navigation breadcrumb.
    public static let title = Style(attributes: [.bold])
    /// Secondary text: subtitles, placeholders, the list footer.
    public static let dim = Style(attributes: [.dim])
    /// Validation and failure messages.
    public static let error = Style(foreground: .red, attributes: [.bold])
    /// Highlights: the chosen segment, accessories.
    public static let accent = Style(foreground: .cyan)
    /// The editable box of a text field.
    public static let field = Style(attributes: [.underline])
    /// Ordinary text.
    public static let plain = Style.plain
}
