import Synchronization
import Tracing

/// The response cache for API data, in two tiers: memory first, then disk (when the environment
/// has a disk folder), then the network. Entries expire by age — the API's `CachePolicy` says how
/// long — in both tiers; memory also holds at most `capacity` entries (the least recently used goes
/// first). A disk hit is kept in memory again for what is left of its time.
///
/// Shared by every manager of an environment, hence a lock rather than an actor: a hit must stay
/// synchronous and cheap.
package final class ResponseCache: Sendable {
    package typealias Statistics = CacheStatistics

    private struct Entry {
        var value: JSONValue
        var expiry: Duration
        var lastUse: UInt64
        var size: Int
    }

    private struct State {
        var entries: [CacheKey: Entry] = [:]
        var useCounter: UInt64 = 0
        var statistics = Statistics()
    }

    private let state = Mutex(State())
    private let clock: NetworkClock
    /// The most entries kept in memory.
    package let capacity: Int
    /// The disk tier, when there is one.
    package let disk: DiskCache?

    package init(clock: NetworkClock, capacity: Int = 256, disk: DiskCache? = nil) {
        self.clock = clock
        self.capacity = max(1, capacity)
        self.disk = disk
    }

    /// The live value for `key` and the tier that held it, or nil when neither has it unexpired.
    package func lookUp(_ key: CacheKey) -> (value: JSONValue, tier: CacheTier)? {
        if let value = memoryValue(for: key) { return (value, .memory) }
        guard let disk, let stored = disk.read(key.diskKey), let expiresAt = stored.expiresAt,
              let value = try? JSONValue(parsing: stored.bytes)
        else {
            state.withLock { $0.statistics.misses += 1 }
            return nil
        }
        // Back into memory for the time it has left, so the next hit is the cheap one.
        let remaining = Duration.milliseconds(max(0, expiresAt - disk.currentTime))
        keepInMemory(value, for: key, expiry: clock.now + remaining, size: stored.bytes.count)
        return (value, .disk)
    }

    /// The live value for `key` in either tier, or nil.
    package func value(for key: CacheKey) -> JSONValue? {
        lookUp(key)?.value
    }

    /// Stores `value` for `timeToLive` in memory (evicting the least recently used entry when full)
    /// and on disk; `size` is the reply's size as it arrived, for the inspector.
    package func store(_ value: JSONValue, for key: CacheKey, timeToLive: Duration, size: Int = 0) {
        let evicted = keepInMemory(value, for: key, expiry: clock.now + timeToLive, size: size)
        @Traced(.cache, self, "store \(key)" + (disk == nil ? "" : " in memory and on disk")
              + (evicted.map { ", evicted \($0)" } ?? "")) var call
        if let disk {
            var bytes: [UInt8] = []
            JSONWriter.write(value, into: &bytes)
            disk.write(bytes, for: key.diskKey, expiresAt: disk.currentTime + Int64(timeToLive / .milliseconds(1)))
        }
    }

    /// Forgets every entry, in both tiers (the app's "empty cache" command).
    package func removeAll() {
        state.withLock { $0.entries.removeAll() }
        disk?.removeAll()
        @Traced(.cache, self, "cleared") var call
    }

    /// How many entries memory holds now (expired ones included until touched).
    package var count: Int { state.withLock { $0.entries.count } }

    /// What the cache holds and has done.
    package var statistics: Statistics {
        var statistics = state.withLock { state in
            state.statistics.memoryEntries = state.entries.count
            state.statistics.memoryBytes = state.entries.values.reduce(0) { $0 + $1.size }
            return state.statistics
        }
        statistics.disk = disk?.statistics
        return statistics
    }

    private func memoryValue(for key: CacheKey) -> JSONValue? {
        let now = clock.now
        return state.withLock { state -> JSONValue? in
            guard var entry = state.entries[key] else { return nil }
            guard now < entry.expiry else {
                state.entries[key] = nil
                state.statistics.memoryEvictions += 1
                return nil
            }
            state.useCounter += 1
            entry.lastUse = state.useCounter
            state.entries[key] = entry
            state.statistics.memoryHits += 1
            return entry.value
        }
    }

    /// Keeps `value` in memory until `expiry`; returns the key evicted to make room, if any.
    @discardableResult
    private func keepInMemory(_ value: JSONValue, for key: CacheKey, expiry: Duration, size: Int) -> CacheKey? {
        state.withLock { state -> CacheKey? in
            state.useCounter += 1
            var evicted: CacheKey?
            if state.entries[key] == nil, state.entries.count >= capacity {
                // A scan on insert keeps hits O(1); eviction only happens when full.
                if let oldest = state.entries.min(by: { $0.value.lastUse < $1.value.lastUse })?.key {
                    state.entries[oldest] = nil
                    state.statistics.memoryEvictions += 1
                    evicted = oldest
                }
            }
            state.entries[key] = Entry(value: value, expiry: expiry, lastUse: state.useCounter, size: size)
            return evicted
        }
    }
}

extension CacheKey {
    /// The key a disk entry is stored under: the whole request, so no two APIs share a file.
    var diskKey: String { "\(service) \(method) \(parameters)" }
}
