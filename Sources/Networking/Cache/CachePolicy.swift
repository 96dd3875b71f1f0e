/// Whether an API's responses are cached, and for how long. casatwy's app kept listings for three
/// minutes; data that goes stale at once (balances) is never cached.
public enum CachePolicy: Sendable, Hashable {
    case never
    case memory(timeToLive: Duration)

    /// Three minutes, the default for listings.
    public static let standard = CachePolicy.memory(timeToLive: .seconds(180))
}
