import PatternVocabulary

/// One user action (a key press, or a scripted step) that the events after it belong to.
package struct TraceAction: Sendable, Codable, Hashable {
    package var id: UInt64
    /// What the user did, e.g. `Enter on [Show greeting]`.
    package var label: String
    /// The pattern whose module received the action (`MVC`, `MVP`, `MVVM`, `VIPER`), or empty.
    package var pattern: String

    package init(id: UInt64, label: String, pattern: String) {
        self.id = id
        self.label = label
        self.pattern = pattern
    }
}

/// One role method that ran: who (role, type), what (method, detail) and where (`file:line`).
package struct TraceEvent: Sendable, Codable, Hashable {
    package var sequence: UInt64
    package var actionID: UInt64
    package var pattern: String
    package var role: Role
    package var type: String
    package var method: String
    /// The `#fileID` of the call, e.g. `MVP/Greeting/GreetingPresenter.swift`.
    package var file: String
    package var line: Int
    package var detail: String
    /// Recorded after the synchronous handling of its action had returned: a network reply, a
    /// deferred frame, a timer. False for everything the key press itself ran, call by call.
    package var isAsync: Bool
    /// The `sequence` of the traced method that made this call, still running when this one began;
    /// nil when no traced method of the same action was (the user's key, a reply, a frame).
    package var caller: UInt64?
    /// How many traced methods of the same action were running when this one began: its caller's
    /// depth plus one, or 0. The trace pane indents by it.
    package var depth: Int
    /// The network request it was recorded for (`Trace.request`), nil outside one: the trace pane
    /// folds a request's lines into one by it.
    package var request: TraceRequest?

    package init(
        sequence: UInt64, actionID: UInt64, pattern: String, role: Role, type: String, method: String,
        file: String, line: Int, detail: String, isAsync: Bool = false, caller: UInt64? = nil, depth: Int = 0,
        request: TraceRequest? = nil
    ) {
        self.sequence = sequence
        self.actionID = actionID
        self.pattern = pattern
        self.role = role
        self.type = type
        self.method = method
        self.file = file
        self.line = line
        self.detail = detail
        self.isAsync = isAsync
        self.caller = caller
        self.depth = depth
        self.request = request
    }

    /// `GreetingPresenter.swift:42`: the file's last path component and the line.
    package var location: String {
        let name = file.split(separator: "/").last.map(String.init) ?? file
        return "\(name):\(line)"
    }

    /// `Type.method`, without the argument labels of `#function` (`tap(_:)` → `tap`).
    package var call: String { "\(type).\(bareMethod)" }

    /// The method's name without its argument labels.
    package var bareMethod: String {
        method.firstIndex(of: "(").map { String(method[..<$0]) } ?? method
    }
}

/// The network request an event belongs to. The network layer sets it (`Trace.$request`) around
/// its own work for one call — asking, sending, landing, caching, delivering — but not around the
/// delegate it calls back, so a role's reaction to a reply is never part of the request.
package struct TraceRequest: Sendable, Codable, Hashable {
    /// Unique within one tracer (`Trace.newRequestID()`).
    package var id: UInt64
    /// What the request came to, in a few words (`rent.list page 1: 20 items, 8 ms`), on the
    /// events that decided it (sent, answered, failed…); nil on the others. The newest one sums
    /// the request up.
    package var outcome: String?
    /// Nil on every recorded event. On the one line the trace pane draws for a folded request:
    /// how many of the request's recorded lines it stands for.
    package var folded: Int?

    package init(id: UInt64, outcome: String? = nil, folded: Int? = nil) {
        self.id = id
        self.outcome = outcome
        self.folded = folded
    }
}
