import Mediator
import PatternVocabulary
import Shell
import Terminal
import Tracing

/// What one pattern's module showed and traced after one action of a session.
public struct ConformObservation: Equatable, Sendable {
    /// The module's pane as text (`HeadlessSession.moduleText`).
    public var moduleText: String
    /// Every role method the action reached, async replies included.
    public var events: [TraceEvent]
    /// Every key of the action switched pattern, so none was pressed.
    public var skipped: Bool

    public init(moduleText: String, events: [TraceEvent], skipped: Bool = false) {
        self.moduleText = moduleText
        self.events = events
        self.skipped = skipped
    }
}

/// One action as the report names it: its number (0 is building the screen), its keys and the label
/// the recording gave it.
public struct ConformStep: Equatable, Sendable {
    public var keys: String
    public var label: String?

    public init(keys: String, label: String?) {
        self.keys = keys
        self.label = label
    }
}

/// `mvx conform`'s verdict on a session: for each action, whether the module's screen text is the
/// same in every pattern, where the patterns' call paths part, and what each counted. TodoMVC's
/// "one spec for every implementation", with anybody's key script as the spec.
public struct ConformReport: Equatable, Sendable {
    public var name: String
    public var screen: ScreenID
    public var patterns: [PatternID]
    public var steps: [ConformStep]
    /// Per pattern, one observation per step, as far as the replay got (a `q` ends it).
    public var observations: [PatternID: [ConformObservation]]
    /// Keys left out because they would switch pattern (1-4, Tab, Shift-Tab, x), per pattern.
    public var skippedKeys: [PatternID: Int]

    /// How many differing lines the report prints per action.
    static let diffLineLimit = 4

    public init(
        name: String, screen: ScreenID, patterns: [PatternID], steps: [ConformStep],
        observations: [PatternID: [ConformObservation]], skippedKeys: [PatternID: Int]
    ) {
        self.name = name
        self.screen = screen
        self.patterns = patterns
        self.steps = steps
        self.observations = observations
        self.skippedKeys = skippedKeys
    }

    /// The steps every pattern played (a quit ends a replay; all end at the same key when they agree).
    private var playedCount: Int { patterns.map { observations[$0]?.count ?? 0 }.min() ?? 0 }

    /// The steps whose screen text differs between patterns.
    public var disagreements: [Int] {
        (0..<playedCount).filter { index in
            let played = patterns.compactMap { observations[$0]?[index] }.filter { !$0.skipped }
            return Set(played.map(\.moduleText)).count > 1
        }
    }

    /// Whether every pattern showed the same screen after every action.
    public var agrees: Bool { disagreements.isEmpty && patterns.count > 1 }

    /// 0 when every screen agrees, 1 when one does not.
    public var exitCode: Int32 { agrees ? 0 : 1 }

    /// The report as the terminal shows it: a block per action, then the verdict. Stable: the same
    /// session gives the same text on every run (tests compare it).
    public var text: String {
        let names = Self.list(patterns.map(\.name))
        let actions = steps.count - 1
        var lines = ["mvx conform: \(Sanitizer.visible(name, limit: 60)) · \(screen.title) · \(actions) action\(actions == 1 ? "" : "s") in \(names)"]
        let skipped = Set(patterns.map { skippedKeys[$0] ?? 0 })
        if skipped.count == 1, let count = skipped.first {
            lines.append("\(count) pattern \(count == 1 ? "key" : "keys") skipped (1-4, Tab, Shift-Tab, x would leave the pattern under test)")
        } else {
            lines.append("pattern keys skipped: " + patterns.map { "\($0.name) \(skippedKeys[$0] ?? 0)" }.joined(separator: " · "))
        }
        for index in 0..<playedCount { lines += block(index) }
        if playedCount < steps.count {
            lines.append("#\(playedCount)-\(steps.count - 1) not played: the session quit before them")
        }
        lines.append("")
        let differing = disagreements
        if patterns.count < 2 {
            lines.append("Nothing to compare: only \(names) has a \(screen.title.lowercased()) screen.")
        } else if differing.isEmpty {
            lines.append("Every screen agrees: \(playedCount) of \(playedCount) steps the same in \(names).")
        } else {
            lines.append("Screens differ in \(differing.count) of \(playedCount) steps: "
                + differing.map { "#\($0)" }.joined(separator: ", ") + ".")
        }
        return lines.joined(separator: "\n")
    }

    private func block(_ index: Int) -> [String] {
        let step = steps[index]
        let label = step.label.map { "  " + Sanitizer.visible($0, limit: 60) } ?? ""
        var lines = ["#\(index) \(Sanitizer.visible(step.keys, limit: 40))\(label)"]
        let seen = patterns.compactMap { pattern in observations[pattern].map { (pattern, $0[index]) } }
        if seen.allSatisfy({ $0.1.skipped }) {
            lines[0] += " — skipped: it switches pattern"
            return lines
        }
        lines += screenLines(seen)
        lines.append("   paths   " + paths(seen))
        let counts = seen.map { pattern, observation in
            let counts = ActionCounts(events: observation.events)
            return "\(pattern.name) \(counts.steps)/\(counts.types)/\(counts.boundaries)/\(counts.asyncEvents)"
        }
        lines.append("   counts  steps/types/boundaries/async  " + counts.joined(separator: " · "))
        return lines
    }

    /// `same in all four`, or which patterns differ from the rest and in which lines.
    private func screenLines(_ seen: [(PatternID, ConformObservation)]) -> [String] {
        var groups: [(text: String, patterns: [PatternID])] = []
        for (pattern, observation) in seen {
            if let group = groups.firstIndex(where: { $0.text == observation.moduleText }) {
                groups[group].patterns.append(pattern)
            } else {
                groups.append((observation.moduleText, [pattern]))
            }
        }
        guard groups.count > 1 else { return ["   screen  same in all \(seen.count == 4 ? "four" : String(seen.count))"] }
        // The largest group is the reference (the first pattern's on a tie): the others differ from it.
        let reference = groups.enumerated().max { left, right in
            left.element.patterns.count < right.element.patterns.count
                || (left.element.patterns.count == right.element.patterns.count && left.offset > right.offset)
        }!.element
        var lines: [String] = []
        let referenceLines = reference.text.components(separatedBy: "\n")
        for group in groups where group.text != reference.text {
            lines.append("   screen  DIFFERS: \(Self.list(group.patterns.map(\.name))) against \(Self.list(reference.patterns.map(\.name)))")
            let otherLines = group.text.components(separatedBy: "\n")
            let differing = (0..<max(referenceLines.count, otherLines.count)).filter { line in
                referenceLines[safe: line] != otherLines[safe: line]
            }
            let width = max(reference.patterns.map(\.name).joined(separator: ", ").count,
                            group.patterns.map(\.name).joined(separator: ", ").count)
            for line in differing.prefix(Self.diffLineLimit) {
                let left = reference.patterns.map(\.name).joined(separator: ", ").padding(toLength: width, withPad: " ", startingAt: 0)
                let right = group.patterns.map(\.name).joined(separator: ", ").padding(toLength: width, withPad: " ", startingAt: 0)
                lines.append("           line \(line + 1)  \(left)  \(Self.shown(referenceLines[safe: line]))")
                lines.append("           " + String(repeating: " ", count: "line \(line + 1)".count)
                    + "  \(right)  \(Self.shown(otherLines[safe: line]))")
            }
            if differing.count > Self.diffLineLimit {
                lines.append("           and \(differing.count - Self.diffLineLimit) more lines")
            }
        }
        return lines
    }

    private static func shown(_ line: String?) -> String {
        guard let line else { return "(no line)" }
        return line.isEmpty ? "(blank)" : Sanitizer.visible(line.trimmingLeadingSpaces, limit: 60)
    }

    /// Where the call paths part: the first step at which the roles differ, and each pattern's role there.
    private func paths(_ seen: [(PatternID, ConformObservation)]) -> String {
        let roles = seen.map { ($0.0, $0.1.events.map(\.role)) }
        let longest = roles.map(\.1.count).max() ?? 0
        guard longest > 0 else { return "no role method ran" }
        guard let step = (0..<longest).first(where: { index in Set(roles.map { $0.1[safe: index] }).count > 1 }) else {
            return "the same roles at every step"
        }
        let parts = roles.map { pattern, list in "\(pattern.name) \(list[safe: step]?.rawValue ?? "(ended)")" }
        return "part at step \(step + 1): " + parts.joined(separator: " · ")
    }

    /// `MVC, MVP and VIPER`.
    static func list(_ names: [String]) -> String {
        guard names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " and " + names.last!
    }
}

extension ReplayRunner {
    /// Replays `session` on its start screen once per pattern that has it — every screen in that
    /// pattern, a fresh state and network each — and observes the module after every action. Keys
    /// that would switch pattern are skipped (and counted): each replay must stay in its pattern.
    public func conform(_ session: Session, name: String) async -> ConformReport {
        let screen = session.start.screen
        let size = session.start.size ?? Self.defaultSize
        let actions = session.actions
        var steps = [ConformStep(keys: "start", label: "build the \(screen.title.lowercased()) screen")]
        steps += actions.map { action in
            let keys = session.keys[action.range].map(\.key)
            let summary = action.isTyping
                ? "type " + String((KeyScript.token(for: .paste(keys.map(Self.text(of:)).joined())) ?? "").dropFirst(6))
                : keys.compactMap { KeyScript.token(for: $0) }.joined(separator: " ")
            return ConformStep(keys: summary, label: action.label)
        }
        let patterns = registry.patterns(offering: screen)
        var observations: [PatternID: [ConformObservation]] = [:]
        var skipped: [PatternID: Int] = [:]
        for pattern in patterns {
            let replay = HeadlessSession(registry: registry, context: makeContext(), size: size, pattern: pattern, screen: screen)
            await Self.settleFully(replay)
            var seen: UInt64 = 0  // the first observation holds the screen's construction
            func observe(skipped: Bool) -> ConformObservation {
                let entries = replay.traceBuffer.entries.filter { $0.action.id > seen }
                seen = replay.traceBuffer.lastAction?.id ?? seen
                return ConformObservation(moduleText: replay.moduleText, events: entries.flatMap(\.events), skipped: skipped)
            }
            var observed = [observe(skipped: false)]
            var skippedHere = 0
            for action in actions {
                guard !replay.shell.state.shouldQuit else { break }
                var pressed = 0
                let keys = session.keys[action.range].map(\.key)
                if action.isTyping, replay.shell.environment.moduleHasTextFocus {
                    // Typing into a field arrives as one burst, as ReplayRunner.run sends it.
                    replay.pressBurst(keys)
                    pressed = keys.count
                    await Self.settleFully(replay)
                } else {
                    for key in keys where !replay.shell.state.shouldQuit {
                        if Self.switchesPattern(key, in: replay.shell) {
                            skippedHere += 1
                            continue
                        }
                        replay.pressBurst([key])
                        pressed += 1
                        await Self.settleFully(replay)
                    }
                }
                observed.append(observe(skipped: pressed == 0))
            }
            replay.shell.stop()
            observations[pattern] = observed
            skipped[pattern] = skippedHere
        }
        return ConformReport(name: name, screen: screen, patterns: patterns, steps: steps, observations: observations,
                             skippedKeys: skipped)
    }

    /// Settles until a round traces nothing new. The monitor's settle ends once the network is quiet
    /// for a few main-actor turns, but after a reply lands, the rest of its path (the reformer, the
    /// role it answers) may still be queued on the global executor, which a loaded machine runs
    /// later: one pattern's screen would be caught half-way. So each round also passes once through
    /// that executor's queue, behind what waits there, and rounds go on while the trace grows.
    static func settleFully(_ replay: HeadlessSession) async {
        // Bounded: a module that traced for ever (none does) must not hang conform.
        for _ in 0..<50 {
            let version = replay.traceBuffer.version
            await replay.settle()
            await Task.detached {}.value
            await replay.settle()
            if replay.traceBuffer.version == version { return }
        }
    }

    /// Whether the shell would take `key` as a change of pattern now (1-4, Tab, Shift-Tab, x), rather
    /// than as text for a field, the help's or a filter's.
    static func switchesPattern(_ key: Key, in shell: AppShell) -> Bool {
        switch Keymap.command(for: key) {
        case .selectPattern, .nextPattern, .previousPattern, .toggleMix: break
        default: return false
        }
        let state = shell.state
        guard state.traceFilterDraft == nil, state.help == nil else { return false }
        return Keymap.isGlobal(key) || !shell.environment.moduleHasTextFocus
    }

    private static func text(of key: Key) -> String {
        switch key {
        case .character(let character): String(character)
        case .paste(let text): text
        default: ""
        }
    }
}

extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}

extension String {
    var trimmingLeadingSpaces: String { String(drop { $0 == " " }) }
}
