import Terminal

/// Where each part of the shell goes for a terminal size. Pure, so tests can check every size.
struct ShellLayout: Equatable {
    /// Below this the shell shows only the "terminal too small" message.
    static let minimumSize = Size(width: 64, height: 16)

    var header: Rect
    var titles: Rect
    var module: Rect
    var divider: Rect
    var trace: Rect
    var keyBar: Rect
    /// The tour's card, between the body and the key bar (empty while it is hidden): it takes rows
    /// of its own, so it hides no pane a step points at.
    var card: Rect
    /// The module, divider and trace pane together: where a full-width panel draws.
    var body: Rect { Rect(x: 0, y: module.minY, width: keyBar.width, height: module.height) }

    init(size: Size, card cardRows: Int = 0) {
        let width = size.width, height = size.height
        header = Rect(x: 0, y: 0, width: width, height: 1)
        titles = Rect(x: 0, y: 1, width: width, height: 1)
        keyBar = Rect(x: 0, y: height - 1, width: width, height: 1)
        // The module gets what a form needs; the trace pane grows with the terminal.
        let traceWidth = min(max(width * 45 / 100, 24), 72)
        let moduleWidth = width - traceWidth - 1
        let bodyHeight = max(0, height - 3 - cardRows)
        card = Rect(x: 0, y: 2 + bodyHeight, width: width, height: max(0, height - 3 - bodyHeight))
        module = Rect(x: 0, y: 2, width: moduleWidth, height: bodyHeight)
        divider = Rect(x: moduleWidth, y: 2, width: 1, height: bodyHeight)
        trace = Rect(x: moduleWidth + 1, y: 2, width: traceWidth, height: bodyHeight)
    }
}
