/// The points where a manager calls its interceptors, in `APIInterceptor`'s order.
package enum InterceptionPoint: String, Sendable, Hashable, CaseIterable {
    case shouldCall, afterCall, didReceiveResponse, beforeSuccess, afterSuccess, beforeFailure, afterFailure
}

/// Interceptors called at one point of a request's life.
package struct InterceptorCall: Sendable, Hashable {
    package var point: InterceptionPoint
    /// How many interceptors were called there (a veto stops at the one that said no).
    package var count: Int

    package init(point: InterceptionPoint, count: Int) {
        self.point = point
        self.count = count
    }
}

/// What became of one call to a manager.
package enum RequestOutcome: Sendable, Hashable {
    /// Sent; the reply has not landed yet.
    case inFlight
    /// The reply landed and passed validation; `items` counts a list's rows (nil for other APIs).
    case succeeded(items: Int?)
    /// Sent, and failed: a transport error or a reply that failed validation.
    case failed(APIError)
    /// Answered from the cache: nothing was sent.
    case cacheHit
    /// The request policy (or paging) ignored the call: nothing was sent. `joined` is the record
    /// of the request in flight the caller was given instead, if any.
    case ignored(reason: String, joined: Int?)
    /// Sent, then cancelled before its reply landed: why (a newer request, teardown, its caller).
    case cancelled(String)
    /// Not sent: the parameters failed the API's validation.
    case rejected(APIError)
    /// Not sent: an interceptor's `shouldCall` said no.
    case vetoed(by: String)

    /// True while the request waits for its reply.
    package var isInFlight: Bool { self == .inFlight }
}

/// One call to a manager, as the network inspector shows it: the API, its parameters, when it
/// started and ended on the network clock, what became of it and which interceptor hooks ran.
package struct RequestRecord: Sendable, Hashable, Identifiable {
    /// Numbered from 1, in the order the managers first decided about each call (0 until then).
    package internal(set) var id: Int
    /// The API method (`rent.list`).
    package let method: String
    /// The service id (`rent`).
    package let service: String
    /// The canonical parameters; nil when the call was ignored before they were assembled.
    package let parameters: CanonicalParameters?
    /// The page asked for (paged APIs).
    package let page: Int?
    /// When the manager took the call, on the network clock.
    package let startedAt: Duration
    /// When the request went to the transport (nil when nothing was sent).
    package internal(set) var sentAt: Duration?
    /// When it landed, failed, was cancelled or was answered without sending.
    package internal(set) var endedAt: Duration?
    /// 0 for the first send of these parameters by its manager, then 1, 2… (nil when not sent).
    package internal(set) var attempt: Int?
    /// The tier that answered a cache hit (nil for anything else).
    package internal(set) var cacheTier: CacheTier?
    /// The size of the reply's body, once it arrived.
    package internal(set) var byteCount: Int?
    /// What became of it (`.inFlight` until it lands or is cancelled).
    package internal(set) var outcome: RequestOutcome
    /// Each interception point reached, with how many interceptors were called there, in order. A
    /// decision lists the hooks it leads to as it is recorded, just before the manager calls them.
    package internal(set) var interceptorCalls: [InterceptorCall] = []

    /// A call just taken, not numbered yet: `RequestJournal.keep(_:)` numbers it.
    init(method: String, service: String, parameters: CanonicalParameters?, page: Int?, startedAt: Duration) {
        self.id = Self.unnumbered
        self.method = method
        self.service = service
        self.parameters = parameters
        self.page = page
        self.startedAt = startedAt
        self.outcome = .inFlight
    }

    /// The id of a record no journal has kept yet.
    static let unnumbered = 0

    /// The time from sending to landing (or from taking the call to answering it, when nothing was
    /// sent); nil while in flight.
    package var latency: Duration? {
        endedAt.map { $0 - (sentAt ?? startedAt) }
    }

    /// The interception points reached, in order.
    package var interceptionPoints: [InterceptionPoint] { interceptorCalls.map(\.point) }

    /// Notes `count` interceptors called at `point` (with none there is nothing to note).
    mutating func note(_ point: InterceptionPoint, count: Int) {
        guard count > 0 else { return }
        interceptorCalls.append(InterceptorCall(point: point, count: count))
    }
}

/// The recent calls to every manager of one environment, newest last: what the network inspector
/// (`n`) lists. A manager keeps each call's record here once per decision it makes about the call
/// — ignored, vetoed, rejected, answered from the cache, sent, landed, cancelled — so a request
/// that is sent and lands changes the journal twice, and writing it never changes timing.
/// Bounded: the oldest records go once `capacity` is reached.
@MainActor
package final class RequestJournal {
    /// How many records a journal keeps unless told otherwise.
    package static let defaultCapacity = 100

    /// The most records kept.
    package let capacity: Int
    /// The records kept, oldest first.
    package private(set) var records: [RequestRecord] = []
    /// Grows on every change, so a reader can tell whether anything happened since it last looked.
    package private(set) var version = 0
    private var nextID = 1
    // A list, not a dictionary: there are one or two, and a launch that hashed their ids would scan
    // every conformance record in the binary before its first frame.
    private var observers: [(id: Int, handler: @MainActor () -> Void)] = []
    private var nextObserverID = 1

    package init(capacity: Int = RequestJournal.defaultCapacity) {
        self.capacity = max(1, capacity)
    }

    /// The record with `id`, while it is kept.
    package func record(_ id: Int) -> RequestRecord? {
        index(of: id).map { records[$0] }
    }

    /// How many kept records are waiting for their reply.
    package var inFlightCount: Int { records.count { $0.outcome.isInFlight } }

    /// Calls `handler` after every change until the returned observation is released.
    package func observe(_ handler: @escaping @MainActor () -> Void) -> Observation {
        let id = nextObserverID
        nextObserverID += 1
        observers.append((id, handler))
        return Observation(journal: self, id: id)
    }

    /// Keeps a journal observer registered; releasing it stops the calls.
    @MainActor
    package final class Observation {
        private weak var journal: RequestJournal?
        private let id: Int

        fileprivate init(journal: RequestJournal, id: Int) {
            self.journal = journal
            self.id = id
        }

        isolated deinit {
            journal?.observers.removeAll { $0.id == id }
        }
    }

    // MARK: Written by the managers

    /// Keeps `record` as it now stands. One not kept before is numbered and appended (the oldest
    /// goes past `capacity`); a kept one replaces its earlier state, unless the bound dropped it.
    func keep(_ record: inout RequestRecord) {
        if record.id == RequestRecord.unnumbered {
            record.id = nextID
            nextID += 1
            records.append(record)
            if records.count > capacity { records.removeFirst(records.count - capacity) }
        } else if let index = index(of: record.id) {
            records[index] = record
        } else {
            return
        }
        changed()
    }

    // MARK: Private

    /// Ids are consecutive and records are only dropped from the front, so an id maps to its index.
    private func index(of id: Int) -> Int? {
        guard let first = records.first else { return nil }
        let index = id - first.id
        return records.indices.contains(index) ? index : nil
    }

    private func changed() {
        version += 1
        for observer in observers { observer.handler() }
    }
}
