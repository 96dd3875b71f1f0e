import PatternVocabulary

/// Where one action's call paths in several patterns part, and which role tells the view: what
/// `mvx conform` prints for each step and compare (`c`) shows above and under its columns. One
/// reading of the trace for both, so the two cannot disagree.
package enum CallPaths {
    /// `part at step 2: MVC Controller · MVP View · …`: the first step (in trace order) whose role
    /// differs between the patterns, and each one's role there; `the same roles at every step` or
    /// `no role method ran` when nothing parts.
    package static func parting(_ paths: [(pattern: PatternID, events: [TraceEvent])]) -> String {
        let roles = paths.map { ($0.pattern, $0.events.map(\.role)) }
        let longest = roles.map(\.1.count).max() ?? 0
        guard longest > 0 else { return "no role method ran" }
        guard let step = (0..<longest).first(where: { index in Set(roles.map { role(at: index, in: $0.1) }).count > 1 }) else {
            return "the same roles at every step"
        }
        let parts = roles.map { pattern, list in "\(pattern.name) \(role(at: step, in: list)?.rawValue ?? "(ended)")" }
        return "part at step \(step + 1): " + parts.joined(separator: " · ")
    }

    private static func role(at index: Int, in roles: [Role]) -> Role? {
        roles.indices.contains(index) ? roles[index] : nil
    }

    /// One role's calls into the view in an action: who tells the view, and with which methods.
    package struct ViewCalls: Equatable, Sendable {
        /// The calling role (a presenter, a view model, a binding, a controller).
        package var caller: Role
        /// The view methods it called, each once, in the order of their first call.
        package var methods: [String]

        package init(caller: Role, methods: [String]) {
            self.caller = caller
            self.methods = methods
        }

        /// `presenter tells the view: setGreeting`, the methods listed up to `limit`.
        package func sentence(limit: Int = 2) -> String {
            let shown = methods.prefix(limit).joined(separator: ", ")
            let more = methods.count > limit ? " +\(methods.count - limit)" : ""
            return "\(caller.noun) tells the view: \(shown)\(more)"
        }
    }

    /// The calls that cross into the view from another role (a view's own calls to its widgets are
    /// not), grouped by the calling role in order of its first such call. A pattern's own view
    /// method is named bare (`setGreeting`), a shared widget's with its type (`Label.text`).
    package static func viewCalls(in events: [TraceEvent]) -> [ViewCalls] {
        let callers = TraceCalls.callers(of: events)
        var result: [ViewCalls] = []
        for (event, caller) in zip(events, callers) where event.role == .view {
            guard let caller, events[caller].role != .view, events[caller].role != .shell else { continue }
            let role = events[caller].role
            let name = event.file.hasPrefix(event.pattern + "/") ? event.bareMethod : event.call
            if let index = result.firstIndex(where: { $0.caller == role }) {
                if !result[index].methods.contains(name) { result[index].methods.append(name) }
            } else {
                result.append(ViewCalls(caller: role, methods: [name]))
            }
        }
        return result
    }
}
