import Foundation
import Networking
import Synchronization
import Tracing

/// Hands every action the app's tracer begins — each user action, with the label the trace gives
/// it — to the network layer's operation log. A trace sink, so neither the shell nor any pattern
/// module knows actions are logged; the log's own trace lines are recorded under the action.
final class OperationLogSink: TraceSink {
    private let log: OperationLog
    /// The tracer this sink belongs to, known only once the tracer exists (it is made with its sinks).
    private let tracer = Mutex<WeakTracer>(WeakTracer())

    private struct WeakTracer {
        weak var tracer: Tracer?
    }
    /// The first action (the app's start): the log opens under it, so what the leftovers' batch
    /// traces is recorded under the launch that sent it. The action, not its context: a context
    /// holds the tracer, which holds this sink.
    private let firstAction = Mutex<TraceAction?>(nil)

    init(log: OperationLog) {
        self.log = log
    }

    func connect(_ tracer: Tracer) {
        self.tracer.withLock { $0.tracer = tracer }
    }

    func begin(_ action: TraceAction) {
        let context = tracer.withLock { $0.tracer }.map { TraceContext(tracer: $0, action: action) }
        firstAction.withLock { if $0 == nil { $0 = action } }
        let log = log
        let body: @MainActor @Sendable () -> Void = { Trace.$context.withValue(context) { log.record(action) } }
        // The shell begins its actions on the main actor; anything else waits its turn there.
        if Thread.isMainThread { MainActor.assumeIsolated(body) } else { Task { @MainActor in body() } }
    }

    func record(_ event: TraceEvent) {}

    /// Opens the log (`OperationLog.open`) under the first action's trace context.
    @MainActor func openLog() {
        let action = firstAction.withLock { $0 }
        let context = tracer.withLock { $0.tracer }.flatMap { tracer in action.map { TraceContext(tracer: tracer, action: $0) } }
        Trace.$context.withValue(context) { log.open() }
    }
}
