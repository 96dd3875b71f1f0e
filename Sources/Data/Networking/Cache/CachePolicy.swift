/// Whether an API's responses are cached, and for how long. casatwy's app kept listings for three
/// minutes; data that goes stale at once (his example: account balances) is marked `.never`, so
/// neither tier keeps it and every load asks the server.
package enum CachePolicy: Sendable, Hashable {
    case never
    /// Kept in memory, then on disk, until `timeToLive` has passed since it arrived.
    case byAge(timeToLive: Duration)

    /// Three minutes, the default for listings and people.
    package static let standard = CachePolicy.byAge(timeToLive: .seconds(180))
}
