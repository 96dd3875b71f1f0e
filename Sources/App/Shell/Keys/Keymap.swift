import Mediator
import PatternVocabulary
import Terminal

/// What the shell does for a key it handles itself.
package enum ShellCommand: Hashable, Sendable {
    case selectPattern(PatternID)
    case nextPattern
    case previousPattern
    case selectScreen(ScreenID)
    case toggleMix
    case toggleHelp
    case togglePanel(PanelID)
    case scrollTraceUp
    case scrollTraceDown
    /// `/`: type a filter for the trace pane.
    case editTraceFilter
    /// `p`: the trace pane shows only the pattern's own roles, or everything again.
    case toggleOwnRoles
    /// `z`: open every network request's folded line in the trace pane, or fold them again.
    case toggleTraceFolds
    /// `w`: write the session so far (start options, keys, actions) to a file.
    case saveSession
    /// `T`: show the guided tour's card where the learner left it, or hide it there.
    case toggleTour
    case quit
}

/// What the guided tour's card does for a key of its own (only while the card shows).
package enum TourCommand: Hashable, Sendable {
    /// Show the step's hint in place of its text, or the text again.
    case hint
    /// Play the step's solution keys on the live app.
    case solution
    case back
    case next
    /// Hide the card; the tour stays on its step, and `T` shows it there again.
    case leave
}

/// What an open panel does for a key of its own.
package enum PanelCommand: Hashable, Sendable {
    case close
    /// ↑↓ PgUp PgDn Home End, applied to the panel's scroll position (`ScrollPosition`).
    case scroll
    /// ↑↓ PgUp PgDn Home End, moving a cursor through the trace (source).
    case step
    /// The code beside the cursor: half a page up or down, a few columns left or right.
    case scrollCode(up: Bool)
    case shiftCode(left: Bool)
    /// `v`: the code as the lesson view shows it (trace lines hidden, the rest folded, notes), or all of it.
    case toggleLessonView
    /// `u`: the unit test that exercises the selected method's type, in the code's place, or the code again.
    case toggleUnitTest
    // The network inspector's controls.
    case stepLatency(up: Bool)
    case toggleOffline
    /// The next network type: Wi-Fi → 4G → 3G → 2G → offline → Wi-Fi.
    case cycleNetworkType
    case cycleFailureKind
    case toggleFailNext
    case emptyCache
    case selectRequest(newer: Bool)
    // The timeline's.
    /// Enter: the selected action's first role method in the source pane.
    case showSource
    /// `r`: rebuild the module and replay its keys up to the selected action.
    case rewind
    /// Ownership: the tree of the module on show, or the screen's graph in every pattern.
    case sideBySide
    /// Compare: two patterns' paths aligned role by role, each step's code beside, or the four columns again.
    case pairView
    /// Compare's pair view: the next or previous pattern on the right.
    case cyclePair(forward: Bool)
    /// The drills panel: the next or previous change drill.
    case nextDrill(forward: Bool)
}

/// Who a key binding belongs to.
package enum KeyScope: Hashable, Sendable {
    /// The shell's keys: the key bar and the `?` help list them.
    case shell
    /// Keys the module on show handles: documented in the help, handled by the module.
    case module
    /// A panel's own keys, listed on its key line; the panel gets them before the module.
    case panel(PanelID)
    /// The tour card's keys, listed on the card; the module gets them first (a field types them).
    case tour
}

/// One row of the key map.
package struct KeyBinding: Sendable {
    package var scope: KeyScope = .shell
    /// How the keys are written, e.g. `1-4` or `Tab`; `shortKeys` where a line is narrow.
    package var keys: String
    package var shortKeys: String?
    /// The word on the key bar or a panel's key line (nil: help overlay only); `shortLabel` where narrow.
    package var label: String?
    package var shortLabel: String?
    /// Where the key bar ranks it (a labelled shell or module key): 0 always shows, then lower
    /// before higher as the width allows. Nil: not on the bar.
    package var barRank: Int?
    /// The sentence the help overlay shows (shell and module keys).
    package var help = ""
    /// What each key does: a shell command, or a panel command for a panel's binding.
    package var commands: [Key: ShellCommand] = [:]
    package var panelCommands: [Key: PanelCommand] = [:]
    package var tourCommands: [Key: TourCommand] = [:]

    /// `keys label`, long or short.
    func hint(short: Bool) -> String {
        let keys = short ? shortKeys ?? self.keys : self.keys
        let label = short ? shortLabel ?? self.label : self.label
        return label.map { keys + " " + $0 } ?? keys
    }
}

/// The key map of mvx: the single table of every key, the panels' included. The key bar, the
/// help overlay, each panel's key line and all key handling are read from it, so they cannot
/// disagree.
package enum Keymap {
    private static let scrollKeys: [Key: PanelCommand] = [
        .up: .scroll, .down: .scroll, .pageUp: .scroll, .pageDown: .scroll, .home: .scroll, .end: .scroll]

    private static func closing(_ key: Character) -> [Key: PanelCommand] {
        [.character(key): .close, .escape: .close]
    }

    package static let bindings: [KeyBinding] = [
        KeyBinding(
            keys: "1-4", label: "pattern", barRank: 6, help: "switch pattern: 1 MVC, 2 MVP, 3 MVVM, 4 VIPER",
            commands: Dictionary(uniqueKeysWithValues: PatternID.allCases.enumerated().map { index, pattern in
                (Key.character(Character(String(index + 1))), ShellCommand.selectPattern(pattern))
            })),
        KeyBinding(
            keys: "Tab", label: "next", barRank: 7, help: "next pattern (Shift-Tab: previous)",
            commands: [.tab: .nextPattern, .backTab: .previousPattern]),
        KeyBinding(
            keys: "g l", label: "screen", barRank: 8, help: "show the greeting (g) or the listings (l) screen",
            commands: [.character("g"): .selectScreen(.greeting), .character("l"): .selectScreen(.listings)]),
        KeyBinding(
            keys: "x", label: nil, help: "mix: pick a pattern per screen (1-4 and Tab: this screen only)",
            commands: [.character("x"): .toggleMix]),
        KeyBinding(scope: .module, keys: "↑↓", label: "move", barRank: 10, help: "move between fields, buttons and rows"),
        KeyBinding(scope: .module, keys: "Enter", label: "press", barRank: 9, help: "press the focused button, open the selected row"),
        KeyBinding(scope: .module, keys: "Esc", label: nil, help: "leave a text field; go back from a detail screen"),
        KeyBinding(scope: .module, keys: "←→ r d", label: nil, help: "listings: ←→ source, r refresh, d next district"),
        KeyBinding(
            keys: "[ ]", label: "trace", barRank: 11, help: "scroll the trace pane back to earlier pages and forth",
            commands: [.character("["): .scrollTraceUp, .character("]"): .scrollTraceDown]),
        KeyBinding(
            keys: "/ p", label: nil,
            help: "filter the trace: / then words, -role hides one; p own roles",
            commands: [.character("/"): .editTraceFilter, .character("p"): .toggleOwnRoles]),
        KeyBinding(
            keys: "z", label: nil,
            help: "open the trace's folded network requests (⋯), or fold them",
            commands: [.character("z"): .toggleTraceFolds]),
        // No keys: the mouse, listed so the help tells of it (off with --no-mouse).
        KeyBinding(keys: "mouse", label: nil, help: "click tabs, buttons, fields, rows (double: open); wheel scrolls"),
        // The panels that teach, in the order the key bar gives up room: c always, the rest as it fits
        // (the header already names 1-4 and g l, so those rank after them).
        KeyBinding(
            keys: "c", label: "compare", barRank: 0,
            help: "compare: the last action in all four patterns; v two side by side",
            commands: [.character("c"): .togglePanel(.compare)]),
        KeyBinding(
            keys: "s", label: "source", barRank: 1, help: "source: the code behind each trace line, ↑↓ to step through",
            commands: [.character("s"): .togglePanel(.source)]),
        KeyBinding(
            keys: "t", label: "timeline", barRank: 2, help: "timeline: the stored state each action changed; r rewinds to one",
            commands: [.character("t"): .togglePanel(.timeline)]),
        KeyBinding(
            keys: "o", label: "ownership", barRank: 3, help: "ownership: who holds whom, strong or weak; what a switch freed",
            commands: [.character("o"): .togglePanel(.ownership)]),
        KeyBinding(
            keys: "m", label: "metrics", barRank: 4, help: "metrics: code and unit tests per role, Orlov's three criteria",
            commands: [.character("m"): .togglePanel(.metrics)]),
        KeyBinding(
            keys: "n", label: "network", barRank: 5, help: "network inspector: requests, network type, latency, failures",
            commands: [.character("n"): .togglePanel(.network)]),
        KeyBinding(
            keys: "i", label: "card", barRank: 12, help: "card: problem, cost, when to pick it; or click its tab",
            commands: [.character("i"): .togglePanel(.card)]),
        KeyBinding(
            // D, not d: the listings screen's d is its next district.
            keys: "D", label: "drills", barRank: 13, help: "drills: one change made in every pattern, what it touched",
            commands: [.character("D"): .togglePanel(.drills)]),
        KeyBinding(
            keys: "w", label: nil, help: "write the session so far to a file (mvx --replay FILE plays it)",
            commands: [.character("w"): .saveSession]),
        KeyBinding(
            keys: "T", label: nil, help: "the guided tour: short steps, each checked by the trace",
            commands: [.character("T"): .toggleTour]),
        KeyBinding(keys: "?", label: "help", barRank: 0, help: "show or hide this help", commands: [.character("?"): .toggleHelp]),
        KeyBinding(
            keys: "q", label: "quit", barRank: 0, help: "quit (Ctrl-C quits from anywhere, even a text field)",
            commands: [.character("q"): .quit, .control("c"): .quit]),

        // Compare and metrics: a scrolled page.
        KeyBinding(scope: .panel(.compare), keys: "↑↓ PgUp PgDn", label: "scroll", panelCommands: scrollKeys),
        // v as in the source pane's lesson view: the pair view shows each step's code in that form.
        KeyBinding(scope: .panel(.compare), keys: "v", label: "two side by side", shortLabel: "pair",
                   panelCommands: [.character("v"): .pairView]),
        KeyBinding(scope: .panel(.compare), keys: "←→", label: "right-hand pattern", shortLabel: "other",
                   panelCommands: [.left: .cyclePair(forward: false), .right: .cyclePair(forward: true)]),
        KeyBinding(scope: .panel(.compare), keys: "c/Esc", label: "close", panelCommands: closing("c")),
        KeyBinding(scope: .panel(.metrics), keys: "↑↓ PgUp PgDn", label: "scroll", panelCommands: scrollKeys),
        KeyBinding(scope: .panel(.metrics), keys: "m/Esc", label: "close", panelCommands: closing("m")),
        KeyBinding(scope: .panel(.card), keys: "↑↓ PgUp PgDn", shortKeys: "↑↓", label: "scroll", panelCommands: scrollKeys),
        // No commands of the card's: the shell's 1-4 and Tab pass through it, and the card follows the pattern.
        KeyBinding(scope: .panel(.card), keys: "1-4 Tab", shortKeys: "1-4", label: "another pattern", shortLabel: "pattern"),
        KeyBinding(scope: .panel(.card), keys: "i/Esc", label: "close", panelCommands: closing("i")),
        KeyBinding(scope: .panel(.drills), keys: "←→", label: "another drill", shortLabel: "drill",
                   panelCommands: [.left: .nextDrill(forward: false), .right: .nextDrill(forward: true)]),
        KeyBinding(scope: .panel(.drills), keys: "↑↓ PgUp PgDn", shortKeys: "↑↓", label: "scroll", panelCommands: scrollKeys),
        // The shell's 1-4 and Tab pass through, and the diff shown follows the pattern.
        KeyBinding(scope: .panel(.drills), keys: "1-4 Tab", shortKeys: "1-4", label: "another pattern", shortLabel: "pattern"),
        KeyBinding(scope: .panel(.drills), keys: "D/Esc", label: "close", panelCommands: closing("D")),

        // Ownership: a scrolled tree, or the four patterns side by side.
        KeyBinding(scope: .panel(.ownership), keys: "↑↓ PgUp PgDn", shortKeys: "↑↓", label: "scroll", panelCommands: scrollKeys),
        KeyBinding(scope: .panel(.ownership), keys: "Tab", label: "every pattern", shortLabel: "all",
                   panelCommands: [.tab: .sideBySide]),
        KeyBinding(scope: .panel(.ownership), keys: "o/Esc", shortKeys: "o", label: "close", panelCommands: closing("o")),

        // Source: a cursor in the trace, the code following it.
        KeyBinding(
            scope: .panel(.source), keys: "↑↓ PgUp PgDn Home End", shortKeys: "↑↓", label: "step",
            panelCommands: scrollKeys.mapValues { _ in .step }),
        KeyBinding(
            scope: .panel(.source), keys: "[ ] ←→", label: "scroll the code", shortLabel: "scroll",
            panelCommands: [.character("["): .scrollCode(up: true), .character("]"): .scrollCode(up: false),
                            .left: .shiftCode(left: true), .right: .shiftCode(left: false)]),
        KeyBinding(scope: .panel(.source), keys: "v", label: "lesson",
                   panelCommands: [.character("v"): .toggleLessonView]),
        KeyBinding(scope: .panel(.source), keys: "u", label: "test", panelCommands: [.character("u"): .toggleUnitTest]),
        KeyBinding(scope: .panel(.source), keys: "s/Esc", shortKeys: "s", label: "close", panelCommands: closing("s")),

        // The network inspector: live controls, then the request list.
        KeyBinding(
            scope: .panel(.network), keys: "+ -", label: "latency",
            panelCommands: [.character("+"): .stepLatency(up: true), .character("="): .stepLatency(up: true),
                            .character("-"): .stepLatency(up: false)]),
        // Letters no shell or module key uses (not t, o): the module stays live beside the inspector.
        KeyBinding(scope: .panel(.network), keys: "y", label: "network", panelCommands: [.character("y"): .cycleNetworkType]),
        KeyBinding(scope: .panel(.network), keys: "a", label: "offline", panelCommands: [.character("a"): .toggleOffline]),
        KeyBinding(scope: .panel(.network), keys: "k", label: "kind", panelCommands: [.character("k"): .cycleFailureKind]),
        KeyBinding(scope: .panel(.network), keys: "f", label: "fail next", panelCommands: [.character("f"): .toggleFailNext]),
        KeyBinding(scope: .panel(.network), keys: "e", label: "empty cache", panelCommands: [.character("e"): .emptyCache]),
        KeyBinding(
            scope: .panel(.network), keys: "< >", label: "select",
            panelCommands: [.character("<"): .selectRequest(newer: true), .character(">"): .selectRequest(newer: false)]),
        KeyBinding(scope: .panel(.network), keys: "n", label: "close", panelCommands: [.character("n"): .close]),

        // The timeline: a cursor on the actions, what the selected one changed.
        KeyBinding(
            scope: .panel(.timeline), keys: "↑↓ PgUp PgDn Home End", shortKeys: "↑↓", label: "select",
            panelCommands: scrollKeys.mapValues { _ in .step }),
        KeyBinding(scope: .panel(.timeline), keys: "Enter", label: "source", panelCommands: [.enter: .showSource]),
        KeyBinding(scope: .panel(.timeline), keys: "r", label: "rewind", panelCommands: [.character("r"): .rewind]),
        KeyBinding(scope: .panel(.timeline), keys: "t/Esc", shortKeys: "t", label: "close", panelCommands: closing("t")),

        // The tour card: not ← →, which switch the listings' source in the module.
        KeyBinding(scope: .tour, keys: "h", label: "hint", tourCommands: [.character("h"): .hint]),
        KeyBinding(scope: .tour, keys: "S", label: "solution", tourCommands: [.character("S"): .solution]),
        KeyBinding(scope: .tour, keys: "{ }", label: "back/next",
                   tourCommands: [.character("{"): .back, .character("}"): .next]),
        KeyBinding(scope: .tour, keys: "Esc", label: "leave", tourCommands: [.escape: .leave]),
    ]

    /// The bindings of one scope, in table order.
    package static func bindings(in scope: KeyScope) -> [KeyBinding] {
        bindings.filter { $0.scope == scope }
    }

    /// The shell and module keys: what the key bar and the help overlay list.
    static let appBindings = bindings.filter { $0.scope == .shell || $0.scope == .module }

    private static let shellCommands: [Key: ShellCommand] = bindings.reduce(into: [:]) { table, binding in
        table.merge(binding.commands) { first, _ in first }
    }

    /// The command bound to `key`, if the shell handles it.
    package static func command(for key: Key) -> ShellCommand? {
        shellCommands[key]
    }

    /// What `key` does in a panel, if it is one of the panel's keys.
    package static func command(for key: Key, in panel: PanelID) -> PanelCommand? {
        bindings(in: .panel(panel)).lazy.compactMap { $0.panelCommands[key] }.first
    }

    /// A key bound to a shell command, if any (compare's replay presses it). Bindings are searched in
    /// table order; where one binding gives the command several keys, any of them may be returned.
    static func key(for command: ShellCommand) -> Key? {
        bindings.lazy.compactMap { binding in binding.commands.first { $0.value == command }?.key }.first
    }

    /// A key bound to a panel's command, if any, found as `key(for:)` finds a shell command's.
    static func key(for command: PanelCommand, in panel: PanelID) -> Key? {
        bindings(in: .panel(panel)).lazy.compactMap { binding in binding.panelCommands.first { $0.value == command }?.key }.first
    }

    /// The keys bound to `commands` in a panel, as written in the table: `k f`.
    static func keys(for commands: [PanelCommand], in panel: PanelID) -> String {
        bindings(in: .panel(panel)).filter { binding in commands.contains { binding.panelCommands.values.contains($0) } }
            .map(\.keys).joined(separator: " ")
    }

    /// A panel's key line: `keys label · keys label `, long or short.
    static func hint(for panel: PanelID, short: Bool = false) -> String {
        bindings(in: .panel(panel)).map { $0.hint(short: short) }.joined(separator: " · ") + " "
    }

    /// What `key` does on the tour's card, if it is one of the card's keys.
    package static func tourCommand(for key: Key) -> TourCommand? {
        bindings(in: .tour).lazy.compactMap { $0.tourCommands[key] }.first
    }

    /// Keys the shell takes before the module sees them: they must work even inside a text field.
    package static func isGlobal(_ key: Key) -> Bool {
        key == .tab || key == .backTab || key == .control("c")
    }
}
