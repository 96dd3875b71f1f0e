import OrderedCollections
import Synchronization
import Tracing

/// The picture cache, in two tiers: memory first, then disk, then the network. Pictures do not go
/// stale, they take room: each tier evicts its least recently used pictures once they add up to
/// more than its byte limit — casatwy's rule for images, where the API data goes by age.
package final class ImageCache: Sendable {
    package typealias Statistics = CacheStatistics

    private struct State {
        /// Least recently used first.
        var pictures: OrderedDictionary<String, [UInt8]> = [:]
        var bytes = 0
        var statistics = Statistics()
    }

    /// The memory tier's limit: a handful of pictures, so eviction is there to be seen.
    package static let defaultMemoryLimit = 8 << 10
    /// The disk tier's limit.
    package static let defaultDiskLimit = 96 << 10

    package let memoryLimit: Int
    /// The disk tier, when there is one (its rule is `.bySize`).
    package let disk: DiskCache?
    private let state = Mutex(State())

    package init(memoryLimit: Int = ImageCache.defaultMemoryLimit, disk: DiskCache? = nil) {
        self.memoryLimit = max(1, memoryLimit)
        self.disk = disk
    }

    /// The picture's bytes stored for `url` and the tier that held them, or nil.
    package func lookUp(_ url: String) -> (bytes: [UInt8], tier: CacheTier)? {
        let hit = state.withLock { state -> [UInt8]? in
            guard let bytes = state.pictures.removeValue(forKey: url) else { return nil }
            state.pictures[url] = bytes  // to the most recently used end
            state.statistics.memoryHits += 1
            return bytes
        }
        if let hit { return (hit, .memory) }
        guard let stored = disk?.read(url) else {
            state.withLock { $0.statistics.misses += 1 }
            return nil
        }
        keepInMemory(stored.bytes, for: url)
        return (stored.bytes, .disk)
    }

    /// Stores a picture in both tiers; each evicts by size.
    package func store(_ bytes: [UInt8], for url: String) {
        keepInMemory(bytes, for: url)
        disk?.write(bytes, for: url)
    }

    /// Forgets the picture stored for `url`, in both tiers (bytes that turned out not to be a picture).
    package func remove(_ url: String) {
        state.withLock { state in
            if let old = state.pictures.removeValue(forKey: url) { state.bytes -= old.count }
        }
        disk?.remove(url)
    }

    /// Forgets every picture, in both tiers.
    package func removeAll() {
        state.withLock { state in
            state.pictures.removeAll()
            state.bytes = 0
        }
        disk?.removeAll()
    }

    /// What the cache holds and has done.
    package var statistics: Statistics {
        var statistics = state.withLock { state in
            state.statistics.memoryEntries = state.pictures.count
            state.statistics.memoryBytes = state.bytes
            return state.statistics
        }
        statistics.disk = disk?.statistics
        return statistics
    }

    private func keepInMemory(_ bytes: [UInt8], for url: String) {
        let evicted = state.withLock { state -> Int in
            if let old = state.pictures.removeValue(forKey: url) { state.bytes -= old.count }
            state.pictures[url] = bytes
            state.bytes += bytes.count
            var evicted = 0
            // The newest picture stays even when it alone is over the limit.
            while state.bytes > memoryLimit, state.pictures.count > 1 {
                let oldest = state.pictures.removeFirst()
                state.bytes -= oldest.value.count
                evicted += 1
            }
            state.statistics.memoryEvictions += evicted
            return evicted
        }
        if evicted > 0 {
            @Traced(.cache, self, "memory: evicted \(evicted) picture\(evicted == 1 ? "" : "s") for size (limit \(ByteCountText.of(memoryLimit)))") var call
        }
    }
}
