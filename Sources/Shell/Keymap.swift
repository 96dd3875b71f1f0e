import Mediator
import PatternVocabulary
import Terminal

/// What the shell does for a key it handles itself.
public enum ShellCommand: Hashable, Sendable {
    case selectPattern(PatternID)
    case nextPattern
    case previousPattern
    case selectScreen(ScreenID)
    case toggleMix
    case toggleHelp
    case togglePanel(PanelID)
    case scrollTraceUp
    case scrollTraceDown
    case quit
}

/// One row of the key map: the single table that drives the key bar, the help overlay and the
/// shell's key handling, so the three can never disagree.
public struct KeyBinding: Sendable {
    /// How the keys are written, e.g. `1-4` or `Tab`.
    public var keysLabel: String
    /// The short word shown in the key bar (nil: help overlay only).
    public var barLabel: String?
    /// The sentence the help overlay shows.
    public var help: String
    /// The keys and what each does; empty for keys the active module handles (documented only).
    public var commands: [Key: ShellCommand]
}

/// The key map of mvx.
public enum Keymap {
    public static let bindings: [KeyBinding] = [
        KeyBinding(
            keysLabel: "1-4", barLabel: "pattern", help: "switch pattern: 1 MVC, 2 MVP, 3 MVVM, 4 VIPER",
            commands: Dictionary(uniqueKeysWithValues: PatternID.allCases.enumerated().map { index, pattern in
                (Key.character(Character(String(index + 1))), ShellCommand.selectPattern(pattern))
            })),
        KeyBinding(
            keysLabel: "Tab", barLabel: "next", help: "next pattern (Shift-Tab: previous)",
            commands: [.tab: .nextPattern, .backTab: .previousPattern]),
        KeyBinding(
            keysLabel: "g l", barLabel: "screen", help: "show the greeting (g) or the listings (l) screen",
            commands: [.character("g"): .selectScreen(.greeting), .character("l"): .selectScreen(.listings)]),
        KeyBinding(
            keysLabel: "x", barLabel: nil,
            help: "mix: pick a pattern per screen (1-4 and Tab: this screen only)",
            commands: [.character("x"): .toggleMix]),
        KeyBinding(keysLabel: "↑↓", barLabel: "move", help: "move between fields, buttons and rows", commands: [:]),
        KeyBinding(keysLabel: "Enter", barLabel: "press", help: "press the focused button, open the selected row", commands: [:]),
        KeyBinding(keysLabel: "Esc", barLabel: nil, help: "leave a text field; go back from a detail screen", commands: [:]),
        KeyBinding(
            keysLabel: "[ ]", barLabel: "trace", help: "scroll the trace pane up and down",
            commands: [.character("["): .scrollTraceUp, .character("]"): .scrollTraceDown]),
        KeyBinding(
            keysLabel: "c", barLabel: nil, help: "compare: the last action replayed in all four patterns",
            commands: [.character("c"): .togglePanel(.compare)]),
        KeyBinding(
            keysLabel: "n", barLabel: nil,
            help: "network inspector: requests, latency, offline, fail next, cache",
            commands: [.character("n"): .togglePanel(.network)]),
        KeyBinding(
            keysLabel: "s", barLabel: nil, help: "source: the code behind each trace line, ↑↓ to step through",
            commands: [.character("s"): .togglePanel(.source)]),
        KeyBinding(
            keysLabel: "m", barLabel: nil, help: "metrics: code and unit tests per role, Orlov's three criteria",
            commands: [.character("m"): .togglePanel(.metrics)]),
        KeyBinding(keysLabel: "?", barLabel: "help", help: "show or hide this help", commands: [.character("?"): .toggleHelp]),
        KeyBinding(
            keysLabel: "q", barLabel: "quit", help: "quit (Ctrl-C quits from anywhere, even a text field)",
            commands: [.character("q"): .quit, .control("c"): .quit]),
    ]

    /// The command bound to `key`, if the shell handles it.
    public static func command(for key: Key) -> ShellCommand? {
        for binding in bindings {
            if let command = binding.commands[key] { return command }
        }
        return nil
    }

    /// Keys the shell takes before the module sees them: they must work even inside a text field.
    public static func isGlobal(_ key: Key) -> Bool {
        key == .tab || key == .backTab || key == .control("c")
    }
}
