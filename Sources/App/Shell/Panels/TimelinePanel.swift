import ObjectGraph
import PatternVocabulary
import Terminal
import Tracing

extension PanelID {
    /// The state timeline (`t`): every action, what it changed in the stored state, rewind.
    package static let timeline = PanelID("timeline")
}

/// The state after every action, in the trace pane's place so the module stays live beside it:
/// the actions (↑↓ select one), the stored values the selected one changed
/// (`AppState.person.firstName "David" → "Ada"`) and the calls it made. Where the state lives is
/// the lesson: the changes name the controller in MVC, the view model in MVVM, the interactor in
/// VIPER. `r` rewinds: the module is rebuilt and its keys replayed up to the selected action.
package struct TimelinePanel: ShellPanel {
    let id = PanelID.timeline
    let placement = PanelPlacement.tracePane
    /// The selected action's id; nil follows the newest.
    private(set) var selection: UInt64?
    /// Why the last `r` did nothing, until the next key.
    private(set) var message: String?

    init(selecting action: UInt64? = nil, message: String? = nil) {
        selection = action
        self.message = message
    }

    func title(in context: PanelContext) -> String {
        let timeline = context.timeline
        guard let selected = selected(in: timeline) else { return "Timeline · no actions yet" }
        return "Timeline · #\(selected.number) of \(timeline.actions.last?.number ?? selected.number)"
    }

    @MainActor
    private func selected(in timeline: StateTimeline) -> TimelineAction? {
        selection.flatMap { timeline.action($0) } ?? timeline.actions.last
    }

    // MARK: - Keys

    mutating func handle(_ key: Key, in context: PanelContext) -> PanelKeyResult {
        message = nil
        let timeline = context.timeline
        let command = Keymap.command(for: key, in: id)
        // Letters are a focused field's, as they are with the network inspector open.
        if context.moduleHasTextFocus, case .character = key, command != .step { return .passOn }
        switch command {
        case .close?: return .close
        case .step?:
            let actions = timeline.actions
            guard !actions.isEmpty else { return .consumed }
            let current = selection.flatMap { id in actions.lastIndex { $0.id == id } } ?? actions.count - 1
            let page = max(1, listHeight(for: context.size.height) - 1)
            let target = switch key {
            case .up: current - 1
            case .down: current + 1
            case .pageUp: current - page
            case .pageDown: current + page
            case .home: 0
            default: actions.count - 1
            }
            let index = min(max(target, 0), actions.count - 1)
            // Back at the newest, the selection follows new actions again.
            selection = index == actions.count - 1 ? nil : actions[index].id
            return .consumed
        case .showSource?:
            // The pattern's own code first (not the button that sent the action), else any role's.
            let events = selected(in: timeline).flatMap { action in context.trace.entries.last { $0.action.id == action.id } }?.events ?? []
            guard let event = events.first(where: { $0.file.hasPrefix($0.pattern + "/") })
                    ?? events.first(where: { $0.role != .shell && $0.role != .builder }) else {
                message = "no role method in this action"
                return .consumed
            }
            return .openSource(event: event.sequence)
        case .rewind?:
            guard let action = selected(in: timeline) else { return .consumed }
            if let reason = timeline.rewindRefusal(for: action) {
                message = reason
                return .consumed
            }
            return .effect(.rewind(action: action.id))
        default:
            return .passOn
        }
    }

    // MARK: - Drawing

    /// Rows for the action list: a third of the pane, at least three.
    private func listHeight(for height: Int) -> Int {
        max(3, (height - 1) / 3)
    }

    func draw(into canvas: Canvas, context: PanelContext) {
        let width = canvas.size.width, height = canvas.size.height
        guard width > 0, height > 1 else { return }
        let timeline = context.timeline
        let keyRow = height - 1
        drawKeys(in: canvas.subcanvas(Rect(x: 0, y: keyRow, width: width, height: 1)), typing: context.moduleHasTextFocus)
        guard let selected = selected(in: timeline) else {
            canvas.draw(" Each action you take appears here with", at: Point(x: 0, y: 0), style: ShellTheme.detail)
            canvas.draw(" the stored state it changed.", at: Point(x: 0, y: 1), style: ShellTheme.detail)
            return
        }
        let note = PanelNote.lines(Self.note(for: selected), width: width).prefix(max(0, keyRow - 1))
        for (row, line) in note.enumerated() { line.draw(row: row, in: canvas) }
        let top = note.count
        let listRows = min(listHeight(for: height), timeline.actions.count + (timeline.dropped > 0 ? 1 : 0), keyRow - top)
        drawList(timeline, selected: selected, in: canvas.subcanvas(Rect(x: 0, y: top, width: width, height: listRows)))
        let roles = Self.roles(in: context.trace)
        var lines = changeLines(of: selected, roles: roles, width: width)
        lines += callLines(of: selected, in: context.trace, width: width)
        for (offset, line) in lines.prefix(max(0, keyRow - top - listRows)).enumerated() {
            line.draw(row: top + listRows + offset, in: canvas)
        }
    }

    /// What to notice: which roles hold the stored state the action changed (the view model's
    /// fields in MVVM, only the view's in MVP), named from the changed values' own types.
    static func note(for action: TimelineAction) -> String {
        guard !action.changes.isEmpty else { return "#\(action.number) changed no stored state" }
        var owners: [Role] = []
        for change in action.changes {
            let type = String(change.key.prefix { $0 != "." && $0 != "#" })
            guard let role = OwnershipRoles.role(module: change.module, typeName: type), !owners.contains(role) else { continue }
            owners.append(role)
        }
        // The pattern's own roles first, then the shared model, then the view: where the lesson is.
        let rank: (Role) -> Int = { $0 == .view ? 2 : $0 == .model ? 1 : 0 }
        let named = owners.enumerated().sorted { (rank($0.element), $0.offset) < (rank($1.element), $1.offset) }
            .map { "the " + $0.element.noun }
        guard let last = named.last else { return "#\(action.number) changed state no role of the pattern holds" }
        let list = named.count == 1 ? last : named.dropLast().joined(separator: ", ") + " and " + last
        return "the state #\(action.number) changed lives in \(list)" + (owners == [.view] ? " only" : "")
    }

    /// The actions, newest at the bottom, the selected one marked and kept in view.
    @MainActor
    private func drawList(_ timeline: StateTimeline, selected: TimelineAction, in canvas: Canvas) {
        let rows = canvas.size.height
        guard rows > 0 else { return }
        let actions = timeline.actions
        let index = actions.lastIndex { $0.id == selected.id } ?? actions.count - 1
        let first = max(0, min(index - rows / 2, actions.count - rows))
        for (row, action) in actions.dropFirst(first).prefix(rows).enumerated() {
            let isSelected = action.id == selected.id
            let count = action.changes.isEmpty ? "" : " \(action.changes.count)Δ"
            let line = TraceLine(segments: [
                .init(text: isSelected ? "▸" : " ", style: ShellTheme.keyName),
                .init(text: "#\(action.number) ", style: ShellTheme.location),
                .init(text: action.label, style: isSelected ? ShellTheme.actionHeader : .plain),
            ], trailing: count)
            line.draw(row: row, in: canvas)
        }
    }

    /// The selected action's changes: `Type.path` coloured by the owner's role, then the values.
    @MainActor
    private func changeLines(of action: TimelineAction, roles: [String: Role], width: Int) -> [TraceLine] {
        let heading = action.changes.isEmpty ? "─ #\(action.number) changed no stored state "
            : "─ #\(action.number) changed \(action.changes.count) value\(action.changes.count == 1 ? "" : "s") "
        var lines = [TraceLine(DisplayWidth.truncate(heading + String(repeating: "─", count: width), to: width, ellipsis: "─"),
                               ShellTheme.rule)]
        if let message {
            lines.append(TraceLine(" " + message, ShellTheme.notice))
        }
        if action.label.hasPrefix(Self.rewindPrefix) {
            lines.append(TraceLine(" its keys replayed on a new module:", ShellTheme.detail))
            lines.append(TraceLine(" a replay, not a restore", ShellTheme.detail))
        }
        for change in action.changes {
            let type = String(change.key.prefix { $0 != "." && $0 != "#" })
            let style = roles[type].map(ShellTheme.style(for:)) ?? .plain
            let mark = change.before == nil ? "+" : change.after == nil ? "−" : " "
            let value: String = switch (change.before, change.after) {
            case let (before?, after?): "\(before) → \(after)"
            case let (nil, after?): after
            case let (before?, nil): before
            case (nil, nil): ""
            }
            let oneLine = "\(mark)\(change.key) \(value)"
            if DisplayWidth.of(oneLine) <= width {
                lines.append(TraceLine(segments: [.init(text: mark, style: ShellTheme.keyName),
                                                  .init(text: change.key, style: style),
                                                  .init(text: " " + value, style: .plain)]))
            } else {
                lines.append(TraceLine(segments: [.init(text: mark, style: ShellTheme.keyName), .init(text: change.key, style: style)]))
                lines.append(TraceLine("   " + value, .plain))
            }
        }
        return lines
    }

    /// The calls the action made, as the trace pane writes them (first lines only; `s` has them all).
    @MainActor
    private func callLines(of action: TimelineAction, in trace: TraceBuffer, width: Int) -> [TraceLine] {
        guard let entry = trace.entries.last(where: { $0.action.id == action.id }), !entry.events.isEmpty else { return [] }
        let heading = "─ \(entry.events.count) call\(entry.events.count == 1 ? "" : "s") · Enter: source "
        var lines = [TraceLine(DisplayWidth.truncate(heading + String(repeating: "─", count: width), to: width, ellipsis: "─"),
                               ShellTheme.rule)]
        for event in entry.events {
            lines.append(TraceLine(segments: [.init(text: " \(event.type).\(event.method)", style: ShellTheme.style(for: event.role))]))
        }
        return lines
    }

    /// The role each traced type plays, from the events themselves (the trace names it once per call).
    @MainActor
    private static func roles(in trace: TraceBuffer) -> [String: Role] {
        var roles: [String: Role] = [:]
        for entry in trace.suffix(200) {
            for event in entry.events where roles[event.type] == nil { roles[event.type] = event.role }
        }
        return roles
    }

    /// The label a rewind's action carries.
    static let rewindPrefix = "rewind to #"

    @MainActor
    private func drawKeys(in canvas: Canvas, typing: Bool) {
        let width = canvas.size.width
        // The key map's words where they fit; in an 80-column pane only the two a reader must be
        // told (↑↓ and the closing key explain themselves).
        let compact = Keymap.bindings(in: .panel(id)).map { binding in
            let obvious = binding.panelCommands.values.contains { $0 == .step || $0 == .close }
            return (binding.shortKeys ?? binding.keys) + (obvious ? "" : binding.label.map { ":" + $0 } ?? "")
        }.joined(separator: " ")
        let hint = typing ? " ↑↓ select · letters go to the field"
            : [Keymap.hint(for: id), Keymap.hint(for: id, short: true)].first { DisplayWidth.of($0) <= width } ?? compact
        canvas.draw(DisplayWidth.truncate(hint, to: canvas.size.width), at: .zero, style: ShellTheme.detail)
    }
}
