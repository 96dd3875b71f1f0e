/// The injected clock, type-erased once so the network layer can store it: elapsed time since
/// creation and sleeping. Production passes `ContinuousClock`; tests a `TestClock` or `ImmediateClock`.
package struct NetworkClock: Sendable {
    /// Who is asleep on this clock right now: lets a headless run tell "still working" from
    /// "waiting for (test) time to pass".
    package let sleepers: ClockSleepers
    private let elapsed: @Sendable () -> Duration
    private let sleeper: @Sendable (Duration) async throws -> Void

    /// Wraps any clock measured in `Duration`.
    package init(_ clock: any Clock<Duration>) {
        self = Self.open(clock)
    }

    private init(elapsed: @escaping @Sendable () -> Duration, sleeper: @escaping @Sendable (Duration) async throws -> Void) {
        self.sleepers = ClockSleepers()
        self.elapsed = elapsed
        self.sleeper = sleeper
    }

    private static func open<C: Clock<Duration>>(_ clock: C) -> NetworkClock {
        let start = clock.now
        return NetworkClock(
            elapsed: { start.duration(to: clock.now) },
            sleeper: { duration in try await clock.sleep(until: clock.now.advanced(by: duration), tolerance: nil) })
    }

    /// Time since this value was made, on the injected clock.
    package var now: Duration { elapsed() }

    /// Sleeps on the injected clock; throws `CancellationError` when the task is cancelled.
    package func sleep(for duration: Duration) async throws {
        sleepers.begin()
        defer { sleepers.end() }
        try await sleeper(duration)
    }
}
