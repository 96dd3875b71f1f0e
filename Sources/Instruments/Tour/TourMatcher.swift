import Tracing

/// Decides whether a step is done: its role calls appear, in order, among the events since the step
/// began (an ordered subsequence: other calls may come between), and its panel, if any, is open.
package enum TourMatcher {
    /// What a step's expectation found.
    package struct Outcome: Equatable, Sendable {
        /// How many of the expected calls were found in order.
        package var matchedCalls: Int
        /// The first call not found after those, if any.
        package var missingCall: RoleCall?
        /// The panel expected and not open, if any.
        package var missingPanel: String?

        package init(matchedCalls: Int, missingCall: RoleCall?, missingPanel: String?) {
            self.matchedCalls = matchedCalls
            self.missingCall = missingCall
            self.missingPanel = missingPanel
        }

        package var isMet: Bool { missingCall == nil && missingPanel == nil }

        /// Why the step is not done, in a line; nil when it is.
        package var reason: String? {
            var parts: [String] = []
            if let missingCall {
                parts.append(matchedCalls == 0 ? "the trace shows no \(missingCall.description)"
                             : "the trace shows no \(missingCall.description) after the first \(matchedCalls) expected calls")
            }
            if let missingPanel { parts.append("the \(missingPanel) panel is not open") }
            return parts.isEmpty ? nil : parts.joined(separator: "; ")
        }
    }

    /// The outcome of `expectation` for `events` (oldest first) with `openPanel` open.
    package static func check(_ expectation: TourExpectation, events: some Sequence<TraceEvent>, openPanel: String?) -> Outcome {
        var remaining = expectation.calls[...]
        var matched = 0
        for event in events {
            guard let next = remaining.first else { break }
            if matches(next, event) {
                remaining = remaining.dropFirst()
                matched += 1
            }
        }
        let panel = expectation.panel.flatMap { $0 == openPanel ? nil : $0 }
        return Outcome(matchedCalls: matched, missingCall: remaining.first, missingPanel: panel)
    }

    /// Whether `event` is the call `call` names: the same role, and type and method where given.
    package static func matches(_ call: RoleCall, _ event: TraceEvent) -> Bool {
        guard event.role == call.role else { return false }
        if let method = call.method, event.bareMethod != method { return false }
        if let type = call.type {
            // `APIManager` names every `APIManager<…>`; `APIManager<RentListAPI>` only that one.
            let bare = event.type.firstIndex(of: "<").map { String(event.type[..<$0]) } ?? event.type
            if event.type != type, type.contains("<") || bare != type { return false }
        }
        return true
    }
}
