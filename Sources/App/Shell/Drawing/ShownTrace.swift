import Tracing

/// The trace as the pane shows it — `TraceFilter.apply` over the buffer — remembered between frames:
/// a cache the shell keeps (not state: it only saves work). Every frame asks for it up to three
/// times, and each key adds to one action only, so an action whose events are as many as last time
/// is taken from here instead of being filtered and folded again.
@MainActor
package final class ShownTrace {
    private struct Shown {
        var id: UInt64
        var recorded: Int
        var entry: TraceBuffer.Entry?
        var hidden: Int
        var requests: Int
    }

    private var filter: TraceFilter?
    private var version: Int?
    private var shown: [Shown] = []
    private var last: (entries: [TraceBuffer.Entry], hidden: Int, requests: Int) = ([], 0, 0)

    package init() {}

    /// `filter.apply(trace.entries)`, computed again only for the actions that changed.
    package func apply(_ filter: TraceFilter, to trace: TraceBuffer) -> (entries: [TraceBuffer.Entry], hidden: Int, requests: Int) {
        let version = trace.version
        if filter == self.filter, version == self.version { return last }
        if filter != self.filter { shown = [] }
        var next: [Shown] = []
        let entries = trace.entries
        next.reserveCapacity(entries.count)
        // Both lists run in action order: a walk side by side finds each action's previous result.
        var old = 0
        for entry in entries {
            while old < shown.count, shown[old].id < entry.action.id { old += 1 }
            if old < shown.count, shown[old].id == entry.action.id, shown[old].recorded == entry.events.count {
                next.append(shown[old])
                continue
            }
            let result = filter.apply([entry])
            next.append(Shown(id: entry.action.id, recorded: entry.events.count, entry: result.entries.first,
                              hidden: result.hidden, requests: result.requests))
        }
        shown = next
        self.filter = filter
        self.version = version
        last = (next.compactMap(\.entry), next.reduce(0) { $0 + $1.hidden }, next.reduce(0) { $0 + $1.requests })
        return last
    }
}
