import DequeModule
import Synchronization

/// A bounded in-memory sink: the latest actions with their events, for the trace pane and for
/// headless replays. Old actions fall off the front when `capacity` events are exceeded.
package final class TraceBuffer: TraceSink {
    /// An action and the events it caused, in order.
    package struct Entry: Sendable, Equatable {
        package var action: TraceAction
        package var events: [TraceEvent]
    }

    private struct State {
        var entries = Deque<Entry>()
        var eventCount = 0
        var version = 0
    }

    private let state = Mutex(State())
    private let capacity: Int
    private let onChange: @Sendable () -> Void

    /// - Parameters:
    ///   - capacity: how many events to keep at most.
    ///   - onChange: called after every change, on the recording thread (e.g. to schedule a redraw).
    package init(capacity: Int = 2_000, onChange: @escaping @Sendable () -> Void = {}) {
        self.capacity = capacity
        self.onChange = onChange
    }

    package func begin(_ action: TraceAction) {
        state.withLock { state in
            state.entries.append(Entry(action: action, events: []))
            state.version += 1
            trim(&state)
        }
        onChange()
    }

    package func record(_ event: TraceEvent) {
        state.withLock { state in
            // Events of a late async callback land under their own action, wherever it is now.
            if let index = state.entries.lastIndex(where: { $0.action.id == event.actionID }) {
                state.entries[index].events.append(event)
            } else {
                state.entries.append(Entry(
                    action: TraceAction(id: event.actionID, label: "(earlier action)", pattern: event.pattern),
                    events: [event]))
            }
            state.eventCount += 1
            state.version += 1
            trim(&state)
        }
        onChange()
    }

    /// The kept actions, oldest first.
    package var entries: [Entry] { state.withLock { Array($0.entries) } }

    /// The newest `count` actions, oldest first, without copying the others.
    package func suffix(_ count: Int) -> [Entry] { state.withLock { Array($0.entries.suffix(count)) } }
    /// The newest action begun, without copying the rest.
    package var lastAction: TraceAction? { state.withLock { $0.entries.last?.action } }

    /// Every kept event, oldest first.
    package var events: [TraceEvent] { state.withLock { $0.entries.flatMap(\.events) } }

    /// Increases on every change; lets a view skip work when nothing happened.
    package var version: Int { state.withLock { $0.version } }

    /// Forgets everything.
    package func removeAll() {
        state.withLock { state in
            state.entries.removeAll()
            state.eventCount = 0
            state.version += 1
        }
        onChange()
    }

    private func trim(_ state: inout State) {
        while state.eventCount > capacity, state.entries.count > 1 {
            state.eventCount -= state.entries.removeFirst().events.count
        }
    }
}
