#if canImport(FoundationEssentials)
import FoundationEssentials
import Glibc
#else
import Foundation
#endif
import PatternVocabulary
import Synchronization

/// Numbers actions and events and hands them to its sinks. One tracer per app run (and one per
/// headless replay); it travels in the task-local `TraceContext`, never in a global.
package final class Tracer: Sendable {
    private let sinks: [any TraceSink]
    private let nextAction = Atomic<UInt64>(1)
    private let nextSequence = Atomic<UInt64>(1)
    private let nextRequest = Atomic<UInt64>(1)
    private let state = Mutex(State())

    private struct State {
        /// The action whose synchronous part is running now, and on which thread: events recorded
        /// there are the key press's own; anything else for that action comes later (async).
        var synchronous: SynchronousPart?
        /// The traced methods still running, oldest first: the last one of an event's action and
        /// thread is its caller.
        var open: [OpenCall] = []
    }

    private struct SynchronousPart {
        var actionID: UInt64
        var thread: pthread_t
    }

    private struct OpenCall {
        var sequence: UInt64
        var actionID: UInt64
        var thread: pthread_t
        var depth: Int
    }

    package init(sinks: [any TraceSink]) {
        self.sinks = sinks
    }

    /// Starts an action; events recorded inside `Trace.$context.withValue(context)` belong to it.
    package func beginAction(_ label: String, pattern: String) -> TraceContext {
        let id = nextAction.add(1, ordering: .relaxed).oldValue
        let action = TraceAction(id: id, label: label, pattern: pattern)
        for sink in sinks { sink.begin(action) }
        return TraceContext(tracer: self, action: action)
    }

    /// Runs `body` as a new action: every event it (and any task it starts) records is grouped under `label`.
    package func perform<R>(_ label: String, pattern: String, _ body: () throws -> R) rethrows -> R {
        try beginAction(label, pattern: pattern).run(body)
    }

    /// Runs `body` as the synchronous part of `action`: events it records on this thread before it
    /// returns are not async; events recorded for the action anywhere else, or later, are.
    fileprivate func runSynchronousPart<R>(of action: TraceAction, _ body: () throws -> R) rethrows -> R {
        let part = SynchronousPart(actionID: action.id, thread: pthread_self())
        let previous = state.withLock { state in
            defer { state.synchronous = part }
            return state.synchronous
        }
        defer { state.withLock { $0.synchronous = previous } }
        return try body()
    }

    /// A number for a network request no event has named yet (`TraceRequest.id`).
    package func newRequestID() -> UInt64 {
        nextRequest.add(1, ordering: .relaxed).oldValue
    }

    /// Records one event and opens it as a call: until `close` is called with its sequence, the
    /// events its action records on this thread are its callees.
    func record(
        action: TraceAction, role: Role, type: String, method: String, file: String, line: Int, detail: String,
        request: TraceRequest? = nil
    ) -> UInt64 {
        let sequence = nextSequence.add(1, ordering: .relaxed).oldValue
        let thread = pthread_self()
        let (isAsync, caller) = state.withLock { state in
            let isAsync = !(state.synchronous.map { $0.actionID == action.id && pthread_equal($0.thread, thread) != 0 } ?? false)
            let caller = state.open.last { $0.actionID == action.id && pthread_equal($0.thread, thread) != 0 }
            state.open.append(OpenCall(
                sequence: sequence, actionID: action.id, thread: thread, depth: caller.map { $0.depth + 1 } ?? 0
            ))
            return (isAsync, caller)
        }
        let event = TraceEvent(
            sequence: sequence, actionID: action.id, pattern: action.pattern, role: role, type: type,
            method: method, file: file, line: line, detail: detail, isAsync: isAsync,
            caller: caller?.sequence, depth: caller.map { $0.depth + 1 } ?? 0, request: request
        )
        for sink in sinks { sink.record(event) }
        return sequence
    }

    /// The traced method recorded as `sequence` has returned.
    func close(_ sequence: UInt64) {
        state.withLock { state in
            if let index = state.open.lastIndex(where: { $0.sequence == sequence }) { state.open.remove(at: index) }
        }
    }
}

/// The action an event belongs to, and the tracer that records it. Task-local, so an async
/// callback that runs later still knows which key press caused it.
package struct TraceContext: Sendable {
    package let tracer: Tracer
    package let action: TraceAction

    package init(tracer: Tracer, action: TraceAction) {
        self.tracer = tracer
        self.action = action
    }

    /// Runs `body` inside this action, as its synchronous part (a key press's own handling): what
    /// it records is grouped under the action, and what tasks it starts record later counts as async.
    package func run<R>(_ body: () throws -> R) rethrows -> R {
        try Trace.$context.withValue(self) {
            try tracer.runSynchronousPart(of: action, body)
        }
    }
}

/// The namespace for the task-local context.
package enum Trace {
    /// The context of the action being handled; nil outside any action (then recording is free).
    @TaskLocal package static var context: TraceContext?

    /// The network request being worked on, if any: every event recorded meanwhile names it.
    @TaskLocal package static var request: TraceRequest?

    /// A new request's tag, or nil outside any action (nothing is recorded then).
    package static func newRequest() -> TraceRequest? {
        context.map { TraceRequest(id: $0.tracer.newRequestID()) }
    }
}

/// Records that a role method ran, and that it is running until the end of the scope it is
/// declared in: what it calls meanwhile records it as their caller. One short line at the top
/// of the method:
///
///     @Traced(.presenter, self, "first: \(first)") var call
///
/// A local property wrapper because it is one line and ends with its scope, returns and throws
/// included, which is what makes the caller real rather than guessed. Outside an action (no
/// context) it costs one task-local read and builds no string.
@propertyWrapper
package struct Traced {
    @usableFromInline let scope: TraceScope?

    /// The sequence number of the recorded event; 0 when nothing was recorded (no action).
    package var wrappedValue: UInt64 { scope?.sequence ?? 0 }

    @inlinable
    package init<Source>(
        _ role: Role, _ source: Source, _ detail: @autoclosure () -> String = "",
        function: StaticString = #function, fileID: StaticString = #fileID, line: UInt = #line
    ) {
        guard let context = Trace.context else {
            scope = nil
            return
        }
        scope = recordTrace(
            context, role: role, type: Source.self, detail: detail(), function: function, fileID: fileID, line: line
        )
    }

    /// The same, for a type whose name the trace gives itself: a generic one whose arguments would
    /// drown the line (`Observable`, not `Observable<Array<Dictionary<PropertyListKey, String>>>`).
    @inlinable
    package init(
        _ role: Role, typeName: StaticString, _ detail: @autoclosure () -> String = "",
        function: StaticString = #function, fileID: StaticString = #fileID, line: UInt = #line
    ) {
        guard let context = Trace.context else {
            scope = nil
            return
        }
        scope = recordTrace(
            context, role: role, typeName: typeName, detail: detail(), function: function, fileID: fileID, line: line
        )
    }
}

/// A recorded event's call, open while its `Traced` variable lives.
package final class TraceScope: Sendable {
    let tracer: Tracer
    /// The event's sequence number.
    package let sequence: UInt64

    init(tracer: Tracer, sequence: UInt64) {
        self.tracer = tracer
        self.sequence = sequence
    }

    deinit { tracer.close(sequence) }
}

/// The out-of-line half of `Traced`, kept separate so the inlined part stays tiny.
package func recordTrace<Source>(
    _ context: TraceContext, role: Role, type: Source.Type, detail: String,
    function: StaticString, fileID: StaticString, line: UInt
) -> TraceScope {
    recordEvent(context, role: role, typeName: TypeNames.name(of: type), detail: detail, function: function,
                fileID: fileID, line: line)
}

/// The out-of-line half of `Traced(_:typeName:)`.
package func recordTrace(
    _ context: TraceContext, role: Role, typeName: StaticString, detail: String,
    function: StaticString, fileID: StaticString, line: UInt
) -> TraceScope {
    recordEvent(context, role: role, typeName: typeName.description, detail: detail, function: function,
                fileID: fileID, line: line)
}

/// Both halves' common end: the event, under the request being worked on (`Trace.request`).
private func recordEvent(
    _ context: TraceContext, role: Role, typeName: String, detail: String,
    function: StaticString, fileID: StaticString, line: UInt
) -> TraceScope {
    let sequence = context.tracer.record(
        action: context.action, role: role, type: typeName, method: function.description,
        file: fileID.description, line: Int(line), detail: TraceDetail.capped(detail), request: Trace.request
    )
    return TraceScope(tracer: context.tracer, sequence: sequence)
}

/// Details are one short line: a long value (a 5,000-character name) keeps its start and says how
/// long it was, so neither the buffer nor a frame grows with what the user pasted.
package enum TraceDetail {
    /// The most characters a detail keeps.
    package static let limit = 120

    package static func capped(_ detail: String) -> String {
        guard detail.utf8.count > limit else { return detail }
        let count = detail.count
        guard count > limit else { return detail }
        return String(detail.prefix(limit - 20)) + "… (\(count) characters)"
    }
}

/// Caches unqualified type names: demangling on every event would cost more than the event.
enum TypeNames {
    private static let cache = Mutex<[ObjectIdentifier: String]>([:])

    static func name<T>(of type: T.Type) -> String {
        let key = ObjectIdentifier(type)
        if let hit = cache.withLock({ $0[key] }) { return hit }
        var name = _typeName(type, qualified: false)
        if name.hasSuffix(".Type") { name.removeLast(5) }  // `trace` from a static method
        cache.withLock { $0[key] = name }
        return name
    }
}
