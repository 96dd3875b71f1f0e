/// Where recorded events go. Sinks are called on the recording thread, so they must be cheap and
/// thread-safe; a sink that draws hops to its own actor.
package protocol TraceSink: Sendable {
    func begin(_ action: TraceAction)
    func record(_ event: TraceEvent)
}
