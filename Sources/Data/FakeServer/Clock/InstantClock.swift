import Synchronization

/// A clock on which every sleep ends at once and moves `now` to its deadline: what instant fake-network
/// runs (replays, tests) use. Unlike swift-clocks' `ImmediateClock`, a sleep here does not yield
/// dozens of times on background tasks before it returns. Those yields keep a request counted as
/// "asleep on the clock" for a while, and `RequestMonitor` takes a sleeping request for one that
/// waits for test time: under load it could report the network settled before the reply landed.
package final class InstantClock: Clock, Sendable {
    package struct Instant: InstantProtocol, Sendable {
        package var offset: Duration

        package func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        package func duration(to other: Instant) -> Duration { other.offset - offset }
        package static func < (left: Instant, right: Instant) -> Bool { left.offset < right.offset }
    }

    private let current = Mutex(Duration.zero)

    package init() {}

    package var now: Instant { Instant(offset: current.withLock { $0 }) }
    package var minimumResolution: Duration { .zero }

    package func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        try Task.checkCancellation()
        current.withLock { $0 = max($0, deadline.offset) }
    }
}
