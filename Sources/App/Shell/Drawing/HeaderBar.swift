import Mediator
import PatternVocabulary
import Terminal

/// The top row: the app's name, the four pattern tabs and the two screen tabs. A tab whose
/// module does not exist yet is dimmed and cannot be selected.
///
/// In a mixed app (mix mode on, or the screens in different patterns) each screen tab also names
/// its screen's pattern — ` g Greeting MVC  l Listings VIPER ` — the pattern tab of another screen
/// is underlined, and ` x mix ` closes the row while mix mode is on. When that does not fit, the
/// screen tabs drop their titles (` g MVC  l VIPER `): the pane title still names the screen.
struct HeaderBar {
    var patterns: ScreenPatterns
    var screen: ScreenID
    var isMixing: Bool
    var isAvailable: (PatternID, ScreenID) -> Bool

    private static let screenKeys: [(String, ScreenID)] = [("g", .greeting), ("l", .listings)]

    private var pattern: PatternID { patterns[screen] }

    /// Whether the row shows each screen's pattern.
    var showsCombination: Bool { isMixing || patterns.isMixed }

    @MainActor
    func draw(in canvas: Canvas) {
        canvas.fill(Rect(origin: .zero, size: canvas.size), style: ShellTheme.headerBar)
        var x = canvas.draw(" mvx ", at: .zero, style: ShellTheme.appName)
        x += canvas.draw("│", at: Point(x: x, y: 0), style: ShellTheme.headerBar)
        let otherScreens = Set(ScreenID.allCases.filter { $0 != screen }.map { patterns[$0] })
        for (index, candidate) in PatternID.allCases.enumerated() {
            let style = candidate == pattern ? ShellTheme.activeTab
                : !isAvailable(candidate, screen) ? ShellTheme.unavailableTab
                : showsCombination && otherScreens.contains(candidate) ? ShellTheme.otherScreenTab : ShellTheme.tab
            x += canvas.draw(" \(index + 1) \(candidate.name) ", at: Point(x: x, y: 0), style: style)
        }
        x += canvas.draw("│", at: Point(x: x, y: 0), style: ShellTheme.headerBar)
        let tabs = screenTabs(width: canvas.size.width - x)
        for (label, candidate) in tabs {
            let style = candidate == screen ? ShellTheme.activeTab
                : isAvailable(showsCombination ? patterns[candidate] : pattern, candidate) ? ShellTheme.tab
                : ShellTheme.unavailableTab
            x += canvas.draw(label, at: Point(x: x, y: 0), style: style)
        }
        if isMixing {
            x += canvas.draw("│", at: Point(x: x, y: 0), style: ShellTheme.headerBar)
            canvas.draw(Self.mixLabel, at: Point(x: x, y: 0), style: ShellTheme.mixMarker)
        }
    }

    private static let mixLabel = " x mix "

    /// What a click on the header can hit: the tabs, each standing for its key; the reducer gives
    /// the tab of the pattern on show, whose key would change nothing, `i`'s command (its card).
    enum Target: Equatable {
        case pattern(PatternID)
        case screen(ScreenID)
        case mix
    }

    /// The tab under column `x` of a header `width` cells wide, nil between and beyond tabs.
    /// Measured as `draw` places them, so a click lands on what is drawn.
    func target(atColumn x: Int, width: Int) -> Target? {
        var start = DisplayWidth.of(" mvx ") + 1
        var spans: [(Range<Int>, Target)] = []
        for (index, candidate) in PatternID.allCases.enumerated() {
            let end = start + DisplayWidth.of(" \(index + 1) \(candidate.name) ")
            spans.append((start..<end, .pattern(candidate)))
            start = end
        }
        start += 1
        for (label, candidate) in screenTabs(width: width - start) {
            let end = start + DisplayWidth.of(label)
            spans.append((start..<end, .screen(candidate)))
            start = end
        }
        if isMixing {
            start += 1
            spans.append((start..<(start + DisplayWidth.of(Self.mixLabel)), .mix))
        }
        return spans.first { $0.0.contains(x) && $0.0.upperBound <= width }?.1
    }

    /// The screen tabs' labels: with each screen's pattern when mixing, shortened to fit `width`.
    func screenTabs(width: Int) -> [(String, ScreenID)] {
        guard showsCombination else {
            return Self.screenKeys.map { key, screen in (" \(key) \(screen.title) ", screen) }
        }
        let full = Self.screenKeys.map { key, screen in (" \(key) \(screen.title) \(patterns[screen].name) ", screen) }
        let short = Self.screenKeys.map { key, screen in (" \(key) \(patterns[screen].name) ", screen) }
        let tail = isMixing ? 1 + DisplayWidth.of(Self.mixLabel) : 0
        let fullWidth = full.reduce(tail) { $0 + DisplayWidth.of($1.0) }
        return fullWidth <= width ? full : short
    }
}
