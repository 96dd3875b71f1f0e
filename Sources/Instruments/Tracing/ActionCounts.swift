/// What one action cost in one pattern, counted from its trace events.
package struct ActionCounts: Equatable, Sendable {
    /// Role methods that ran: one per event.
    package var steps: Int
    /// Distinct types whose methods ran.
    package var types: Int
    /// Calls between two different roles (each event's recorded caller); the user's key is not one.
    package var boundaries: Int
    /// Events recorded after the key's synchronous handling had returned (`TraceEvent.isAsync`).
    package var asyncEvents: Int

    /// The definitions, as compare shows them under its title.
    package static let definitions = "steps = role methods run · types = distinct types · boundaries = calls "
        + "between two different roles (an event and the traced method that called it) · async = events after the "
        + "key's synchronous handling returned"

    package init(steps: Int, types: Int, boundaries: Int, asyncEvents: Int) {
        self.steps = steps
        self.types = types
        self.boundaries = boundaries
        self.asyncEvents = asyncEvents
    }

    package init(events: [TraceEvent]) {
        steps = events.count
        types = Set(events.map(\.type)).count
        let callers = TraceCalls.callers(of: events)
        boundaries = zip(events, callers).count { event, caller in
            caller.map { events[$0].role != event.role } ?? false
        }
        asyncEvents = events.count(where: \.isAsync)
    }
}
