import Mediator
import PatternVocabulary
import Shell
import Terminal
import Tracing

/// What one pattern's module showed and traced after one action of a session.
package struct ConformObservation: Equatable, Sendable {
    /// The module's pane as text (`HeadlessSession.moduleText`).
    package var moduleText: String
    /// Every role method the action reached, async replies included.
    package var events: [TraceEvent]
    /// Every key of the action switched pattern or opened a per-pattern panel, so none was pressed.
    package var skipped: Bool
    /// Of those skipped keys, some opened a panel (the step says so rather than "switches pattern").
    package var skippedPanel: Bool

    package init(moduleText: String, events: [TraceEvent], skipped: Bool = false, skippedPanel: Bool = false) {
        self.moduleText = moduleText
        self.events = events
        self.skipped = skipped
        self.skippedPanel = skippedPanel
    }
}

/// One action as the report names it: its number (0 is building the screen), its keys and the label
/// the recording gave it.
package struct ConformStep: Equatable, Sendable {
    package var keys: String
    package var label: String?
    /// Text every pattern's screen must show after the step (the session's `expect`).
    package var expectations: [String]

    package init(keys: String, label: String?, expectations: [String] = []) {
        self.keys = keys
        self.label = label
        self.expectations = expectations
    }
}

/// An expectation of the session that a pattern's screen did not meet.
package struct UnmetExpectation: Equatable, Sendable {
    /// The step after which the text should have shown.
    package var step: Int
    package var text: String
    /// The patterns whose screen did not show it.
    package var patterns: [PatternID]
}

/// How far `conform` has got: `done` of `total` actions replayed in every pattern (0 once the
/// screens are built). Told after each action, so a long session can show that it is moving.
package struct ConformProgress: Equatable, Sendable {
    package var done: Int
    package var total: Int

    package init(done: Int, total: Int) {
        self.done = done
        self.total = total
    }
}

/// `mvx conform`'s verdict on a session: for each action, whether the module's screen text is the
/// same in every pattern, where the patterns' call paths part, and what each counted. TodoMVC's
/// "one spec for every implementation", with anybody's key script as the spec.
///
/// It keeps each step's lines of the report, not the observations behind them (every pattern's
/// screen and events after every action): a 10,000-key session's report stays a few megabytes.
package struct ConformReport: Equatable, Sendable {
    package var name: String
    package var screen: ScreenID
    package var patterns: [PatternID]
    package var steps: [ConformStep]
    /// Keys left out because they would switch pattern (1-4, Tab, Shift-Tab, x), per pattern.
    package var skippedKeys: [PatternID: Int]
    /// Keys left out because they would open a panel whose content differs per pattern (c m o s t ?),
    /// per pattern.
    package var skippedPanelKeys: [PatternID: Int] = [:]
    /// The steps whose screen text differs between patterns.
    package private(set) var disagreements: [Int] = []
    /// The session's expectations some pattern's screen did not meet, in step order.
    package private(set) var unmet: [UnmetExpectation] = []
    /// How many expectations the played steps held.
    package private(set) var expectationCount = 0
    /// The report's lines for each step every pattern played (a quit ends a replay).
    private var blocks: [[String]] = []

    /// How many differing lines the report prints per action.
    static let diffLineLimit = 4
    /// How many runs of differing steps the verdict names before it counts the rest.
    static let runLimit = 10

    /// A report with no step observed yet; `observe` adds them in order.
    init(name: String, screen: ScreenID, patterns: [PatternID], steps: [ConformStep]) {
        self.name = name
        self.screen = screen
        self.patterns = patterns
        self.steps = steps
        self.skippedKeys = [:]
    }

    /// The report on observations made elsewhere: per pattern, one per step, as far as the replay
    /// got (the steps every pattern played are reported).
    package init(
        name: String, screen: ScreenID, patterns: [PatternID], steps: [ConformStep],
        observations: [PatternID: [ConformObservation]], skippedKeys: [PatternID: Int]
    ) {
        self.init(name: name, screen: screen, patterns: patterns, steps: steps)
        self.skippedKeys = skippedKeys
        let played = patterns.map { observations[$0]?.count ?? 0 }.min() ?? 0
        for index in 0..<played {
            observe(patterns.compactMap { pattern in observations[pattern].map { (pattern, $0[index]) } })
        }
    }

    /// Adds the next step: what each pattern showed and traced after it.
    mutating func observe(_ seen: [(PatternID, ConformObservation)]) {
        let index = blocks.count
        let played = seen.filter { !$0.1.skipped }
        if Set(played.map(\.1.moduleText)).count > 1 { disagreements.append(index) }
        var block = block(index, seen)
        for text in steps[index].expectations where !played.isEmpty {
            expectationCount += 1
            let missing = played.filter { !Self.shows($0.1.moduleText, text) }.map(\.0)
            let quoted = "\"" + Sanitizer.visible(text, limit: 60) + "\""
            if missing.isEmpty {
                block.append("   expect  \(quoted) shown in \(played.count == 4 ? "all four" : Self.list(played.map(\.0.name)))")
            } else {
                unmet.append(UnmetExpectation(step: index, text: text, patterns: missing))
                block.append("   expect  \(quoted) MISSING in \(Self.list(missing.map(\.name)))")
            }
        }
        blocks.append(block)
    }

    /// The steps every pattern played.
    private var playedCount: Int { blocks.count }

    /// Whether every pattern showed the same screen after every action.
    package var agrees: Bool { disagreements.isEmpty && patterns.count > 1 }

    /// 0 when every screen agrees and shows what the session expects, 1 when one does not.
    package var exitCode: Int32 { agrees && unmet.isEmpty ? 0 : 1 }

    /// Whether `screen` shows `text`, white space compared loosely: a line the pane wrapped or padded
    /// still shows it.
    static func shows(_ screen: String, _ text: String) -> Bool {
        func words(_ text: String) -> String { text.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
        return words(screen).contains(words(text))
    }

    /// The report as the terminal shows it: a block per action, then the verdict. Stable: the same
    /// session gives the same text on every run (tests compare it).
    package var text: String {
        let names = Self.list(patterns.map(\.name))
        let actions = steps.count - 1
        var lines = ["mvx conform: \(Sanitizer.visible(name, limit: 60)) · \(screen.title) · \(actions) action\(actions == 1 ? "" : "s") in \(names)"]
        let skipped = Set(patterns.map { skippedKeys[$0] ?? 0 })
        if skipped.count == 1, let count = skipped.first {
            lines.append("\(count) pattern \(count == 1 ? "key" : "keys") skipped (1-4, Tab, Shift-Tab, x would leave the pattern under test)")
        } else {
            lines.append("pattern keys skipped: " + patterns.map { "\($0.name) \(skippedKeys[$0] ?? 0)" }.joined(separator: " · "))
        }
        let panelSkipped = Set(patterns.map { skippedPanelKeys[$0] ?? 0 })
        if panelSkipped.count == 1, let count = panelSkipped.first {
            if count > 0 {
                lines.append("\(count) panel \(count == 1 ? "key" : "keys") skipped (c m o s t ? open panels that differ per pattern by design)")
            }
        } else {
            lines.append("panel keys skipped: " + patterns.map { "\($0.name) \(skippedPanelKeys[$0] ?? 0)" }.joined(separator: " · "))
        }
        for block in blocks { lines += block }
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
            lines.append("Screens differ in \(differing.count) of \(playedCount) steps: \(Self.runs(of: differing)).")
        }
        if expectationCount > 0 {
            if unmet.isEmpty {
                lines.append("Every expectation met: \(expectationCount) of \(expectationCount) shown in \(names).")
            } else {
                let missed = unmet.map { "#\($0.step) in \(Self.list($0.patterns.map(\.name)))" }.joined(separator: "; ")
                lines.append("Expectations not met: \(unmet.count) of \(expectationCount) (\(missed)).")
            }
        }
        return lines.joined(separator: "\n")
    }

    /// `#1-#40, #42, #45` for the first `runLimit` runs of consecutive steps, then `and N more`
    /// (steps): a storm's thousands of differing steps read as a line, not as thousands of numbers.
    static func runs(of indices: [Int]) -> String {
        var runs: [ClosedRange<Int>] = []
        for index in indices {
            if let last = runs.last, last.upperBound + 1 == index {
                runs[runs.count - 1] = last.lowerBound...index
            } else {
                runs.append(index...index)
            }
        }
        let shown = runs.prefix(runLimit)
        var text = shown.map { $0.count == 1 ? "#\($0.lowerBound)" : "#\($0.lowerBound)-#\($0.upperBound)" }
            .joined(separator: ", ")
        let rest = runs.dropFirst(runLimit).reduce(0) { $0 + $1.count }
        if rest > 0 { text += " and \(rest) more" }
        return text
    }

    private func block(_ index: Int, _ seen: [(PatternID, ConformObservation)]) -> [String] {
        let step = steps[index]
        let label = step.label.map { "  " + Sanitizer.visible($0, limit: 60) } ?? ""
        var lines = ["#\(index) \(Sanitizer.visible(step.keys, limit: 40))\(label)"]
        if seen.allSatisfy({ $0.1.skipped }) {
            lines[0] += seen.contains(where: { $0.1.skippedPanel })
                ? " — skipped: it opens a panel that differs per pattern" : " — skipped: it switches pattern"
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
                let left = Self.padded(reference.patterns.map(\.name).joined(separator: ", "), to: width)
                let right = Self.padded(group.patterns.map(\.name).joined(separator: ", "), to: width)
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

    /// Where the call paths part (`CallPaths.parting`, which compare shows too).
    private func paths(_ seen: [(PatternID, ConformObservation)]) -> String {
        CallPaths.parting(seen.map { (pattern: $0.0, events: $0.1.events) })
    }

    /// `text` with spaces after it up to `width` characters.
    static func padded(_ text: String, to width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
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
    /// The patterns go through the session side by side, an action at a time, and each action's
    /// observations become report lines at once: memory stays what four live shells take, however
    /// long the session. `progress` hears after each action (and once the screens are built).
    package func conform(
        _ session: Session, name: String, progress: (ConformProgress) -> Void = { _ in }
    ) async -> ConformReport {
        let screen = session.start.screen
        let size = session.start.size ?? Self.defaultSize
        let actions = session.actions
        var steps = [ConformStep(keys: "start", label: "build the \(screen.title.lowercased()) screen")]
        steps += actions.map { action in
            let keys = session.keys[action.range].map(\.key)
            let summary = action.isTyping
                ? "type " + String((KeyScript.token(for: .paste(keys.map(Self.text(of:)).joined())) ?? "").dropFirst(6))
                : keys.compactMap { KeyScript.token(for: $0) }.joined(separator: " ")
            return ConformStep(keys: summary, label: action.label, expectations: action.expectations)
        }
        let patterns = registry.patterns(offering: screen)
        var report = ConformReport(name: name, screen: screen, patterns: patterns, steps: steps)
        var replays: [ConformReplay] = []
        for pattern in patterns {
            let replay = HeadlessSession(registry: registry, context: makeContext(), size: size, pattern: pattern, screen: screen)
            await Self.settleFully(replay)
            replays.append(ConformReplay(pattern: pattern, session: replay))
        }
        report.observe(replays.indices.map { (replays[$0].pattern, replays[$0].observe(skipped: false)) })
        progress(ConformProgress(done: 0, total: actions.count))
        for (number, action) in actions.enumerated() {
            // A quit ends every replay there: the report covers the steps all of them played.
            guard !replays.contains(where: { $0.session.shell.state.shouldQuit }) else { break }
            let keys = session.keys[action.range].map(\.key)
            var pressed: [Int] = []
            var panelsBefore: [Int] = []
            for index in replays.indices {
                panelsBefore.append(replays[index].skippedPanels)
                pressed.append(await replays[index].press(keys, typing: action.isTyping))
            }
            await Self.settleTogether(replays.map(\.session))
            report.observe(replays.indices.map { index in
                (replays[index].pattern, replays[index].observe(
                    skipped: pressed[index] == 0, skippedPanel: replays[index].skippedPanels > panelsBefore[index]))
            })
            progress(ConformProgress(done: number + 1, total: actions.count))
        }
        for replay in replays { replay.session.shell.stop() }
        report.skippedKeys = Dictionary(uniqueKeysWithValues: replays.map { ($0.pattern, $0.skipped) })
        report.skippedPanelKeys = Dictionary(uniqueKeysWithValues: replays.map { ($0.pattern, $0.skippedPanels) })
        return report
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

    /// Settles every replay again until a whole round over all of them traces nothing new. Side
    /// by side, a reply one replay was still owed can land while the next ones play their keys (a
    /// loaded machine runs the global executor late): it must land before anything is observed.
    static func settleTogether(_ replays: [HeadlessSession]) async {
        for _ in 0..<10 {  // bounded, as settleFully is
            let versions = replays.map(\.traceBuffer.version)
            for replay in replays { await settleFully(replay) }
            if replays.map(\.traceBuffer.version) == versions { return }
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

    /// Whether the shell would take `key` now as opening a panel, or the help, whose content differs
    /// per pattern by design (compare, metrics, ownership, source, timeline, help). Its keys would
    /// then go to the panel in one pattern and to the module in another (the timeline's Enter opens
    /// the source only where the selected action reached role methods), so the module would not get
    /// the same keys in all four. The network inspector is the same in every pattern: it is pressed.
    static func opensPatternPanel(_ key: Key, in shell: AppShell) -> Bool {
        switch Keymap.command(for: key) {
        case .toggleHelp: break
        case .togglePanel(let panel) where panel != .network: break
        default: return false
        }
        let state = shell.state
        guard state.traceFilterDraft == nil, state.help == nil else { return false }
        // An open panel's own keys are its own (the network inspector's t changes the network type).
        if let panel = state.panel, Keymap.command(for: key, in: panel.id) != nil { return false }
        return !shell.environment.moduleHasTextFocus
    }

    private static func text(of key: Key) -> String {
        switch key {
        case .character(let character): String(character)
        case .paste(let text): text
        default: ""
        }
    }
}

/// One pattern's replay inside `conform`: its headless shell, the last action it has reported,
/// and the pattern keys it skipped.
@MainActor
struct ConformReplay {
    let pattern: PatternID
    let session: HeadlessSession
    /// The last action already observed (the first observation holds the screen's construction).
    private var seen: UInt64 = 0
    private(set) var skipped = 0
    private(set) var skippedPanels = 0

    init(pattern: PatternID, session: HeadlessSession) {
        self.pattern = pattern
        self.session = session
    }

    /// Presses one action's keys as `ReplayRunner.conform` does, settling after each; returns how
    /// many were pressed (pattern keys are skipped and counted).
    mutating func press(_ keys: [Key], typing: Bool) async -> Int {
        if typing, session.shell.environment.moduleHasTextFocus {
            // Typing into a field arrives as one burst, as ReplayRunner.run sends it.
            session.pressBurst(keys)
            await ReplayRunner.settleFully(session)
            return keys.count
        }
        var pressed = 0
        for key in keys where !session.shell.state.shouldQuit {
            if ReplayRunner.switchesPattern(key, in: session.shell) {
                skipped += 1
                continue
            }
            if ReplayRunner.opensPatternPanel(key, in: session.shell) {
                skippedPanels += 1
                continue
            }
            session.pressBurst([key])
            pressed += 1
            await ReplayRunner.settleFully(session)
        }
        return pressed
    }

    /// The module's own screen and the events of the actions since the last observation. Only the
    /// newest entries are copied: the buffer holds up to 2,000 events, and copying it all after
    /// every action made a long session's conform quadratic.
    mutating func observe(skipped: Bool, skippedPanel: Bool = false) -> ConformObservation {
        let buffer = session.traceBuffer
        let previous = seen
        var count = 4
        var entries = buffer.suffix(count)
        while entries.count == count, let first = entries.first, first.action.id > previous {
            count *= 2
            entries = buffer.suffix(count)
        }
        seen = buffer.lastAction?.id ?? seen
        let events = entries.filter { $0.action.id > previous }.flatMap(\.events)
        return ConformObservation(
            moduleText: session.moduleScreenText, events: events, skipped: skipped, skippedPanel: skippedPanel)
    }
}

extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}

extension String {
    var trimmingLeadingSpaces: String { String(drop { $0 == " " }) }
}
