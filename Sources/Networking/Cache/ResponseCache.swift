import Synchronization
import Tracing

/// The in-memory response cache: validated responses keyed by `CacheKey`, expiring by age on the
/// injected clock, bounded in size (the least recently used entry goes first). Shared by every
/// manager of an environment, hence a lock rather than an actor: a hit must stay synchronous and cheap.
public final class ResponseCache: Sendable {
    private struct Entry {
        var value: JSONValue
        var expiry: Duration
        var lastUse: UInt64
    }

    private struct State {
        var entries: [CacheKey: Entry] = [:]
        var useCounter: UInt64 = 0
    }

    private let state = Mutex(State())
    private let clock: NetworkClock
    /// The most entries kept.
    public let capacity: Int

    public init(clock: NetworkClock, capacity: Int = 256) {
        self.clock = clock
        self.capacity = max(1, capacity)
    }

    /// The live value for `key`, or nil when absent or expired (an expired entry is removed).
    public func value(for key: CacheKey) -> JSONValue? {
        let now = clock.now
        return state.withLock { state -> JSONValue? in
            guard var entry = state.entries[key] else { return nil }
            guard now < entry.expiry else {
                state.entries[key] = nil
                return nil
            }
            state.useCounter += 1
            entry.lastUse = state.useCounter
            let value = entry.value
            state.entries[key] = entry
            return value
        }
    }

    /// Stores `value` for `timeToLive`, evicting the least recently used entry when full.
    public func store(_ value: JSONValue, for key: CacheKey, timeToLive: Duration) {
        let expiry = clock.now + timeToLive
        let evicted = state.withLock { state -> CacheKey? in
            state.useCounter += 1
            var evicted: CacheKey?
            if state.entries[key] == nil, state.entries.count >= capacity {
                // A scan on insert keeps hits O(1); eviction only happens when full.
                if let oldest = state.entries.min(by: { $0.value.lastUse < $1.value.lastUse })?.key {
                    state.entries[oldest] = nil
                    evicted = oldest
                }
            }
            state.entries[key] = Entry(value: value, expiry: expiry, lastUse: state.useCounter)
            return evicted
        }
        trace(.cache, self, "store \(key)" + (evicted.map { ", evicted \($0)" } ?? ""))
    }

    /// Forgets every entry (the app's "clear cache" command).
    public func removeAll() {
        state.withLock { $0.entries.removeAll() }
        trace(.cache, self, "cleared")
    }

    /// How many entries are kept now (expired ones included until touched).
    public var count: Int { state.withLock { $0.entries.count } }
}
