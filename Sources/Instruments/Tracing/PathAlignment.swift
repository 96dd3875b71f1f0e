import PatternVocabulary

/// One action's call paths in two patterns, aligned role by role: compare's pair view (`v`) draws
/// a row per step. Computed from the two traces, never from a table of the patterns, so what it
/// pairs is what the code ran.
///
/// A step pairs with a step of the other path that plays the same part: the same role, or the
/// role that stands in its place (a controller, a presenter and a view model each decide for their
/// view; a router and a coordinator each navigate), or the step that tells the view — a decider's
/// direct call into the view (MVP's `setGreeting`) or the binding that calls it (MVVM's
/// `greeting` setter, which calls `greetingDidChange`; `Observable.value`). The alignment keeps
/// both paths in trace order and pairs as much as it can (a weighted longest common subsequence);
/// a step with no partner is a row of its own, the other side empty.
package enum PathAlignment {
    /// One row: the index of an event in each path, nil on the side that has no such step.
    package struct Step: Equatable, Sendable {
        package var left: Int?
        package var right: Int?

        package init(left: Int?, right: Int?) {
            self.left = left
            self.right = right
        }
    }

    /// What a step does in its action: what it may pair with.
    enum Part: Equatable {
        /// Hands the decision to the view: a decider's call into a view, or a binding's step.
        case tellsView
        case role(Role)
    }

    /// The two paths aligned, in trace order.
    package static func align(_ left: [TraceEvent], _ right: [TraceEvent]) -> [Step] {
        let leftParts = parts(of: left), rightParts = parts(of: right)
        let leftNames = names(of: left), rightNames = names(of: right)
        let rows = left.count, columns = right.count
        // best[i][j]: the most a pairing of left[i...] with right[j...] scores.
        var best = Array(repeating: Array(repeating: 0, count: columns + 1), count: rows + 1)
        for i in stride(from: rows - 1, through: 0, by: -1) {
            for j in stride(from: columns - 1, through: 0, by: -1) {
                var value = max(best[i + 1][j], best[i][j + 1])
                if let score = score(left[i], leftParts[i], leftNames[i], right[j], rightParts[j], rightNames[j]) {
                    value = max(value, score + best[i + 1][j + 1])
                }
                best[i][j] = value
            }
        }
        var steps: [Step] = []
        var i = 0, j = 0
        while i < rows || j < columns {
            if i < rows, j < columns,
               let score = score(left[i], leftParts[i], leftNames[i], right[j], rightParts[j], rightNames[j]),
               best[i][j] == score + best[i + 1][j + 1] {
                steps.append(Step(left: i, right: j))
                i += 1
                j += 1
            } else if i < rows, j == columns || best[i][j] == best[i + 1][j] {
                // The left path's lone steps first: its order leads where both could go.
                steps.append(Step(left: i, right: nil))
                i += 1
            } else {
                steps.append(Step(left: nil, right: j))
                j += 1
            }
        }
        return steps
    }

    /// How well two steps pair, nil when they play different parts: the part is worth 2 (telling
    /// the view 3), a method name in common 1 more, the same file (shared code: a widget, the
    /// model) 1 more.
    static func score(_ left: TraceEvent, _ leftPart: Part, _ leftNames: Set<String>,
                      _ right: TraceEvent, _ rightPart: Part, _ rightNames: Set<String>) -> Int? {
        let base: Int
        switch (leftPart, rightPart) {
        case (.tellsView, .tellsView):
            base = 3
        case (.role(let a), .role(let b)) where a == b || counterpart(a) == counterpart(b):
            base = 2
        default:
            return nil
        }
        return base + (leftNames.isDisjoint(with: rightNames) ? 0 : 1) + (left.file == right.file ? 1 : 0)
    }

    /// Roles that stand in each other's place across patterns: the view's decider, the navigator.
    private static func counterpart(_ role: Role) -> Role {
        switch role {
        case .controller, .presenter, .viewModel: .presenter
        case .router, .coordinator: .router
        default: role
        }
    }

    /// The method names a step answers to: its own, and for a binding's step the view methods it
    /// calls (MVVM's `rows` binding calls `showRows`, as MVP's presenter does).
    static func names(of events: [TraceEvent]) -> [Set<String>] {
        var names = events.map { Set([$0.bareMethod]) }
        for (index, caller) in TraceCalls.callers(of: events).enumerated() {
            guard let caller, events[index].role == .view, events[caller].role == .binding || events[caller].role == .viewModel
            else { continue }
            names[caller].insert(events[index].bareMethod)
        }
        return names
    }

    /// Each event's part. A view model holds no view, so a view method one of its steps calls was
    /// reached through a binding: that step tells the view, the view's method only reacts.
    static func parts(of events: [TraceEvent]) -> [Part] {
        let callers = TraceCalls.callers(of: events)
        var notifies = Array(repeating: false, count: events.count)
        for (index, caller) in callers.enumerated() {
            guard let caller, events[index].role == .view else { continue }
            if events[caller].role == .binding || events[caller].role == .viewModel { notifies[caller] = true }
        }
        return events.indices.map { index in
            let event = events[index]
            if notifies[index] { return .tellsView }
            if event.role == .view, let caller = callers[index], !notifies[caller],
               events[caller].role != .view, events[caller].role != .shell {
                return .tellsView
            }
            return .role(event.role)
        }
    }

    /// Why `side` has no step at row `row`: the step of its own path that comes next, and who calls
    /// it — `GreetingPresenter.showGreeting calls Person.greetingNames itself` — or that its action
    /// ends first.
    package static func gap(at row: Int, in steps: [Step], side: KeyPath<Step, Int?>, events: [TraceEvent]) -> String {
        guard let next = steps[row...].lazy.compactMap({ $0[keyPath: side] }).first else {
            return "its action ends before this step"
        }
        let callers = TraceCalls.callers(of: events)
        guard let caller = callers[next] else {
            return "\(events[next].call) comes next, called by no traced method"
        }
        return "\(events[caller].call) calls \(events[next].call) itself"
    }
}
