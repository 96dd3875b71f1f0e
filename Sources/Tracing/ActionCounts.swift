/// What one action cost in one pattern, counted from its trace events.
public struct ActionCounts: Equatable, Sendable {
    /// Role methods that ran: one per event.
    public var steps: Int
    /// Distinct types whose methods ran.
    public var types: Int
    /// Calls between two different roles (each event's recorded caller); the user's key is not one.
    public var boundaries: Int
    /// Events recorded after the key's synchronous handling had returned (`TraceEvent.isAsync`).
    public var asyncEvents: Int

    /// The definitions, as compare shows them under its title.
    public static let definitions = "steps = role methods run · types = distinct types · boundaries = calls "
        + "between two different roles (an event and the traced method that called it) · async = events after the "
        + "key's synchronous handling returned"

    public init(steps: Int, types: Int, boundaries: Int, asyncEvents: Int) {
        self.steps = steps
        self.types = types
        self.boundaries = boundaries
        self.asyncEvents = asyncEvents
    }

    public init(events: [TraceEvent]) {
        steps = events.count
        types = Set(events.map(\.type)).count
        let callers = TraceCalls.callers(of: events)
        boundaries = zip(events, callers).count { event, caller in
            caller.map { events[$0].role != event.role } ?? false
        }
        asyncEvents = events.count(where: \.isAsync)
    }
}
