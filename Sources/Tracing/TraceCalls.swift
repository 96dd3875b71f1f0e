/// Who called whom in one action, inferred from the trace alone. Events record the role method
/// that ran, not its caller, so the caller is read off the roles' layers (`TraceEvent.depth`):
///
/// - going deeper (view → presenter → interactor), the caller is the event just before — unless a
///   deeper role had just called up (a presenter updating its view) and now carries on: then it is
///   that role again (the presenter, not the view, starts the request after `showNames`);
/// - coming back up (interactor → presenter → view), the caller is the shallowest of the deeper
///   events passed on the way (the presenter, not the interactor, updates the view), unless that
///   is a model, which never calls up: then the open call at that layer carries on;
/// - at the same layer, a second call up from the same deeper role is that role's; a type that
///   runs again calls itself; another type was called by the caller of the one before it.
///
/// The first event is the user's (the key press or the screen being built).
///
/// One rule overrides the layers: a widget (a type of the Widgets module: `Label`, `ListView`) is
/// called only by the view or controller that owns it, so its caller is the last such event before
/// it. Without that rule a presenter that had just told its view something would be drawn calling
/// `Label.text` itself: the one arrow a passive view and MVVM forbid.
public enum TraceCalls {
    /// For each event, the index of its caller in `events`, or nil for the user.
    public static func callers(of events: [TraceEvent]) -> [Int?] {
        var callers = layerCallers(of: events)
        for (index, event) in events.enumerated() where isWidget(event) && callers[index] != nil {
            if let owner = events[..<index].lastIndex(where: { ($0.role == .view || $0.role == .controller) && !isWidget($0) }) {
                callers[index] = owner
            }
        }
        return callers
    }

    /// Whether the event's type is one of the Widgets module's (its file is under `Widgets/`).
    static func isWidget(_ event: TraceEvent) -> Bool {
        event.file.hasPrefix("Widgets/")
    }

    /// The callers as the roles' layers imply them.
    private static func layerCallers(of events: [TraceEvent]) -> [Int?] {
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
                if events[returning].role == .model, let open = stack.last, events[open].depth == event.depth {
                    // A model never calls up (it knows nothing of screens): the call it returned
                    // to carries on, as a view model setting its own output after asking the model.
                    callers.append(open)
                } else {
                    callers.append(returning)
                }
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
