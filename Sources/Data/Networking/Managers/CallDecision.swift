import PatternVocabulary
import Tracing

/// What a manager decided about one call. The step of `APIManager`'s pipeline that decides makes
/// one of these and the manager records it once, into the call's `RequestRecord`: the journal
/// keeps that record, the trace line is read from the decision and the record, and the record lists
/// the interceptor hooks the decision leads to — so the three cannot tell different stories.
enum CallDecision {
    /// Turned away before anything was assembled: the screen is gone, or the request policy or
    /// paging said no. `joined` is the journal's id of the request in flight whose result the
    /// caller gets instead, if any.
    case ignored(reason: String, joined: Int?)
    /// An interceptor's `shouldCall` said no: nothing sent.
    case vetoed(by: String)
    /// The parameters failed the API's validation: nothing sent.
    case rejected(APIError)
    /// Answered from the cache under `key`, by `tier`: nothing sent.
    case cacheHit(CacheKey, CacheTier)
    /// Handed to the transport; `attempt` counts this manager's earlier sends of the same parameters.
    case sent(attempt: Int)
    /// The reply landed and passed validation; `items` counts a list's rows (nil for other APIs).
    case succeeded(items: Int?)
    /// The transport failed, or the reply failed validation.
    case failed(APIError)
    /// Cancelled before its reply landed.
    case cancelled(reason: String)

    /// The interception points the decision leads to, in `APIInterceptor`'s order. `shouldCall`
    /// and `didReceiveResponse` come before a decision (they feed it), so the steps that call them
    /// note them themselves.
    var hooks: [InterceptionPoint] {
        switch self {
        case .ignored, .vetoed, .cancelled: []
        case .rejected, .failed: [.beforeFailure, .afterFailure]
        case .cacheHit: [.afterCall, .beforeSuccess, .afterSuccess]
        case .sent: [.afterCall]
        case .succeeded: [.beforeSuccess, .afterSuccess]
        }
    }

    /// Where the trace files the decision: a cache hit is the cache's doing.
    var role: Role {
        if case .cacheHit = self { .cache } else { .network }
    }

    /// The trace line for this decision about `record` (taken into it already, so a landed reply's
    /// time is the journal's).
    func traceLine(for record: RequestRecord) -> String {
        let request = "GET \(record.method)" + (record.page.map { " page=\($0)" } ?? "")
        let milliseconds = Int((record.latency ?? .zero) / .milliseconds(1))
        return switch self {
        case .ignored(let reason, _): "ignored: \(reason)"
        case .vetoed(let interceptor): "vetoed by \(interceptor)"
        case .rejected(let error): "not sent: \(error.userMessage)"
        case .cacheHit(let key, let tier): "cache hit (\(tier.rawValue)) \(key)"
        case .sent(let attempt): request + (attempt > 0 ? " attempt \(attempt + 1)" : "")
        case .succeeded(let items): "\(request) → \(items.map { "\($0) items" } ?? "ok"), \(milliseconds) ms"
        case .failed(let error): "\(request) → \(error.shortName), \(milliseconds) ms"
        case .cancelled(let reason): "\(reason): \(request)"
        }
    }

    /// What the request came to once this decision is taken into `record`, in a few words
    /// (`rent.list page 1: 20 items in 8 ms`): the trace pane's one line for a folded request.
    func outcome(for record: RequestRecord) -> String {
        let request = record.method + (record.page.map { " page \($0)" } ?? "")
        let milliseconds = Int((record.latency ?? .zero) / .milliseconds(1))
        let result = switch self {
        case .ignored(let reason, _): "ignored, \(reason)"
        case .vetoed(let interceptor): "vetoed by \(interceptor)"
        case .rejected(let error): "not sent, \(error.shortName)"
        case .cacheHit(_, let tier): "cache hit (\(tier.rawValue))"
        case .sent(let attempt): "sent" + (attempt > 0 ? " (attempt \(attempt + 1))" : "") + ", no reply yet"
        case .succeeded(let items): "\(items.map { "\($0) items" } ?? "ok") in \(milliseconds) ms"
        case .failed(let error): "\(error.shortName) after \(milliseconds) ms"
        case .cancelled(let reason): reason.hasPrefix("cancelled") ? reason : "cancelled (\(reason))"
        }
        return request + ": " + result
    }
}

extension RequestRecord {
    /// Takes `decision`, made at `time`: the outcome, the times, the attempt, and the hooks the
    /// decision leads to, with `interceptors` called at each.
    mutating func take(_ decision: CallDecision, at time: Duration, interceptors: Int) {
        switch decision {
        case .ignored(let reason, let joined): outcome = .ignored(reason: reason, joined: joined)
        case .vetoed(let interceptor): outcome = .vetoed(by: interceptor)
        case .rejected(let error): outcome = .rejected(error)
        case .cacheHit(_, let tier):
            outcome = .cacheHit
            cacheTier = tier
        case .sent(let attempt):
            // Still in flight: only a later decision ends it.
            sentAt = time
            self.attempt = attempt
        case .succeeded(let items): outcome = .succeeded(items: items)
        case .failed(let error): outcome = .failed(error)
        case .cancelled(let reason): outcome = .cancelled(reason)
        }
        if !outcome.isInFlight { endedAt = time }
        for point in decision.hooks { note(point, count: interceptors) }
    }
}
