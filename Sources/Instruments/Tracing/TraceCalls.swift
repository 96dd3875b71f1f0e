/// Who called whom in one action. Each event records its caller (`TraceEvent.caller`): the traced
/// method that was still running when it began, as its `Traced` scope says. This maps those
/// sequence numbers to positions in a list of events.
package enum TraceCalls {
    /// For each event, the index of its caller in `events`, or nil for the user (no traced method
    /// was running, or its caller is not in the list).
    package static func callers(of events: [TraceEvent]) -> [Int?] {
        var index: [UInt64: Int] = [:]
        index.reserveCapacity(events.count)
        for (position, event) in events.enumerated() { index[event.sequence] = position }
        return events.map { event in event.caller.flatMap { index[$0] } }
    }
}
