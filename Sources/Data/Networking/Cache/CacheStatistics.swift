/// What a two-tier cache (`ResponseCache`, `ImageCache`) holds and has done, per tier, for the
/// network inspector.
package struct CacheStatistics: Sendable, Hashable {
    package var memoryEntries = 0
    /// The bytes memory holds: pictures' sizes, replies' sizes as they arrived (JSON text).
    package var memoryBytes = 0
    package var memoryHits = 0
    /// Memory entries that went: expired by age, or the least recently used when over the limit.
    package var memoryEvictions = 0
    /// Lookups neither tier could answer.
    package var misses = 0
    /// The disk tier's figures; nil when the cache keeps to memory.
    package var disk: DiskCache.Statistics?
}
