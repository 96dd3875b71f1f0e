import Terminal
import Tracing

/// A key the user pressed and the trace action it started (`Enter on [Show greeting]`), nil when
/// it started none: what `AppShell` records so that `w` can save the session.
package struct RecordedKey: Equatable, Sendable {
    package var key: Key
    package var action: String?

    package init(_ key: Key, action: String?) {
        self.key = key
        self.action = action
    }
}

/// Writes the session so far to a file and says where, for the key bar (`w`). The shell knows no
/// file format: the composition root hands it a saver (the session format lives in Sessions).
@MainActor
package protocol SessionSaving: AnyObject {
    /// Saves `keys` with the session's start options and the terminal's `size`; returns the
    /// one-line notice: the path, or why not. `clicksLeftOut` mouse presses and wheel turns were
    /// not recorded, and the notice says so: their effect will be missing from a replay.
    func save(_ keys: [RecordedKey], size: Size, clicksLeftOut: Int) -> String
}

/// Records every key the user pressed, in order, with the trace action it started or the typing
/// it continued: the session `w` saves. Mouse reports are left out (a session file names keys
/// only) but counted, so the save can say what is missing; `w` itself is left out too; the first `limit` keys are kept, as a session replays from its start.
@MainActor
package final class SessionRecorder {
    package static let limit = 10_000
    package private(set) var keys: [RecordedKey] = []
    /// Mouse presses and wheel turns the user made, which a session cannot hold.
    package private(set) var clicksLeftOut = 0
    /// Saves for `w`; the composition root sets it. Without one, `w` says sessions cannot be saved.
    package var saver: (any SessionSaving)?
    /// Set when the keys being handled asked to save: they are not part of the session.
    private var saving = false

    /// Runs `handle` (the shell handling `events`) and records their keys with the action it began,
    /// else — for typed text — the typing action they continued.
    func record(
        _ events: ArraySlice<TerminalEvent>, trace: TraceBuffer, typing: @autoclosure () -> TraceAction?, _ handle: () -> Void
    ) {
        let before = trace.lastAction?.id
        saving = false
        handle()
        guard !saving, keys.count < Self.limit else { return }
        let pressed = events.compactMap { event -> Key? in
            guard case .key(let key) = event else { return nil }
            if case .mouse(let mouse) = key {
                if case .release = mouse.kind {} else { clicksLeftOut += 1 }
                return nil
            }
            return key
        }
        let begun = trace.lastAction.flatMap { $0.id != before ? $0.label : nil }
        let label = begun ?? (pressed.allSatisfy(\.isText) ? typing()?.label : nil)
        keys += pressed.prefix(Self.limit - keys.count).map { RecordedKey($0, action: label) }
    }

    /// Saves the keys so far (`w`) and returns the key bar's notice.
    func save(size: Size) -> String {
        saving = true
        return saver?.save(keys, size: size, clicksLeftOut: clicksLeftOut) ?? "sessions cannot be saved here"
    }
}
