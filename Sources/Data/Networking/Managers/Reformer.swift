/// casatwy's reformer: turns a manager's raw data into what one view needs. One API can feed
/// several views through several reformers, and several APIs one view through one reformer.
/// Implementations live in the `ModelServices` target; this protocol is here so managers can take them.
package protocol Reformer<Output>: Sendable {
    associatedtype Output
    /// Reforms `data`, which came from the API described by `source`.
    func reform(_ data: JSONValue, from source: ResponseSource) -> Output
    /// One output from several APIs' outputs, in the APIs' order: how a view fed by several APIs
    /// (the "All" list) sees them through this one reformer. Lists interleave by default.
    func combine(_ outputs: [Output]) -> Output
}

extension Reformer where Output: RangeReplaceableCollection {
    /// Round-robin: the first of each list, then the second of each, so every API shows from the top.
    package func combine(_ outputs: [Output]) -> Output {
        var iterators = outputs.map { $0.makeIterator() }
        var combined = Output()
        combined.reserveCapacity(outputs.reduce(0) { $0 + $1.count })
        var added = true
        while added {
            added = false
            for index in iterators.indices {
                if let element = iterators[index].next() {
                    combined.append(element)
                    added = true
                }
            }
        }
        return combined
    }
}

/// Which API a piece of raw data came from, so one reformer can read several schemas.
package struct ResponseSource: Sendable, Hashable {
    package var service: Service
    package var method: String

    package init(service: Service, method: String) {
        self.service = service
        self.method = method
    }
}
