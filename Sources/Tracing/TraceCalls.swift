/// Who called whom in one action, inferred from the trace alone. Events record the role method
/// that ran, not its caller, so the caller is read off the roles' layers (`TraceEvent.depth`):
///
/// - going deeper (view → presenter → interactor), the caller is the event just before — unless a
///   deeper role had just called up (a presenter updating its view) and now carries on: then it is
///   that role again (the presenter, not the view, starts the request after `showNames`);
/// - coming back up (interactor → presenter → view), the caller is the shallowest of the deeper
///   events passed on the way (the presenter, not the interactor, updates the view);
/// - at the same layer, a second call up from the same deeper role is that role's; a type that
///   runs again calls itself; another type was called by the caller of the one before it.
///
/// The first event is the user's (the key press or the screen being built).
public enum TraceCalls {
    /// For each event, the index of its caller in `events`, or nil for the user.
    public static func callers(of events: [TraceEvent]) -> [Int?] {
        var callers: [Int?] = []
        // Indices of the open calls, shallowest first, each deeper than the one before.
        var stack: [Int] = []
        // A deeper event that called up and may carry on once that call returns.
        var resumable: Int?
        for (index, event) in events.enumerated() {
            guard let top = stack.last else {
                callers.append(nil)
                stack.append(index)
                continue
            }
            if event.depth > events[top].depth {
                if let resumable, events[resumable].depth < event.depth, events[resumable].depth > events[top].depth {
                    callers.append(resumable)
                    stack.append(resumable)
                } else {
                    callers.append(top)
                }
                resumable = nil
                stack.append(index)
                continue
            }
            if event.depth < events[top].depth {
                var returning = top
                while let open = stack.last, events[open].depth > event.depth {
                    returning = stack.removeLast()
                }
                callers.append(returning)
                resumable = returning
            } else {
                let siblingCaller = callers[top]
                if let siblingCaller, events[siblingCaller].depth > event.depth {
                    callers.append(siblingCaller)
                } else if events[top].type == event.type, events[top].role == event.role {
                    callers.append(top)
                } else {
                    callers.append(siblingCaller ?? top)
                }
            }
            if let open = stack.last, events[open].depth == event.depth { stack.removeLast() }
            stack.append(index)
        }
        return callers
    }
}
