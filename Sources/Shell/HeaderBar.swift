import Mediator
import Terminal

/// The top row: the app's name, the four pattern tabs and the two screen tabs. A tab whose
/// module does not exist yet is dimmed and cannot be selected.
struct HeaderBar {
    var pattern: PatternID
    var screen: ScreenID
    var isAvailable: (PatternID, ScreenID) -> Bool

    @MainActor
    func draw(in canvas: Canvas) {
        canvas.fill(Rect(origin: .zero, size: canvas.size), style: ShellTheme.headerBar)
        var x = canvas.draw(" mvx ", at: .zero, style: ShellTheme.appName)
        x += canvas.draw("│", at: Point(x: x, y: 0), style: ShellTheme.headerBar)
        for (index, candidate) in PatternID.allCases.enumerated() {
            let style = candidate == pattern ? ShellTheme.activeTab
                : isAvailable(candidate, screen) ? ShellTheme.tab : ShellTheme.unavailableTab
            x += canvas.draw(" \(index + 1) \(candidate.name) ", at: Point(x: x, y: 0), style: style)
        }
        x += canvas.draw("│", at: Point(x: x, y: 0), style: ShellTheme.headerBar)
        for (key, candidate) in [("g", ScreenID.greeting), ("l", ScreenID.listings)] {
            let style = candidate == screen ? ShellTheme.activeTab
                : isAvailable(pattern, candidate) ? ShellTheme.tab : ShellTheme.unavailableTab
            x += canvas.draw(" \(key) \(candidate.title) ", at: Point(x: x, y: 0), style: style)
        }
    }
}
