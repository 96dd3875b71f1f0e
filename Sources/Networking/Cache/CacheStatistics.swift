/// What a two-tier cache (`ResponseCache`, `ImageCache`) holds and has done, per tier, for the
/// network inspector.
public struct CacheStatistics: Sendable, Hashable {
    public var memoryEntries = 0
    /// The bytes memory holds: pictures' sizes, replies' sizes as they arrived (JSON text).
    public var memoryBytes = 0
    public var memoryHits = 0
    /// Memory entries that went: expired by age, or the least recently used when over the limit.
    public var memoryEvictions = 0
    /// Lookups neither tier could answer.
    public var misses = 0
    /// The disk tier's figures; nil when the cache keeps to memory.
    public var disk: DiskCache.Statistics?
}
