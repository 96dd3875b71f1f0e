import Networking
import Synchronization
import Tracing

/// Remembers the app's first action (its start) so the operation log opens under it: what the
/// leftovers' batch traces is then recorded under the launch that sent it, not dropped for want
/// of an action. A trace sink because only the tracer sees actions begin.
final class LaunchActionSink: TraceSink {
    private let log: OperationLog
    /// The tracer this sink belongs to, known only once the tracer exists (it is made with its sinks).
    private let tracer = Mutex<WeakTracer>(WeakTracer())

    private struct WeakTracer {
        weak var tracer: Tracer?
    }
    /// The action, not its context: a context holds the tracer, which holds this sink.
    private let firstAction = Mutex<TraceAction?>(nil)

    init(log: OperationLog) {
        self.log = log
    }

    func connect(_ tracer: Tracer) {
        self.tracer.withLock { $0.tracer = tracer }
    }

    func begin(_ action: TraceAction) {
        firstAction.withLock { if $0 == nil { $0 = action } }
    }

    func record(_ event: TraceEvent) {}

    /// Opens the log (`OperationLog.open`) under the first action's trace context.
    @MainActor func openLog() {
        let action = firstAction.withLock { $0 }
        let context = tracer.withLock { $0.tracer }.flatMap { tracer in action.map { TraceContext(tracer: tracer, action: $0) } }
        Trace.$context.withValue(context) { log.open() }
    }
}
