import Synchronization

/// Counts the requests in flight across every manager of one environment, and lets a caller wait
/// until the network has settled. Headless runs and tests use it instead of sleeping or guessing
/// with yields: "settled" means every request that started has landed, or is asleep on the clock
/// waiting for (test) time to pass.
///
/// Every wait here is woken by an event: a request starting, landing or being cancelled, or a task
/// going to sleep on the clock or waking up. A waiter re-checks its condition after each event and
/// never polls.
@MainActor
package final class RequestMonitor {
    /// Requests sent and not yet landed or cancelled.
    package private(set) var inFlight = 0
    /// Requests sent since the monitor was made (landed, cancelled or not): a caller compares two
    /// readings to tell that a request started in between.
    package private(set) var started = 0
    private let sleepers: ClockSleepers
    private let events = NetworkEvents()

    package init(sleepers: ClockSleepers = ClockSleepers()) {
        self.sleepers = sleepers
        // Sleepers come and go on any thread; the events resume their waiters from there, with no
        // hop through the main actor that could reorder them behind the work they announce.
        sleepers.observe { [events] in events.happened() }
    }

    /// Tasks asleep on the environment's clock right now (a request waiting for its latency to pass).
    package var asleep: Int { sleepers.current }

    /// True when nothing the network does can move on by itself: every request in flight (if any)
    /// is asleep on the clock. A reply reaches its delegate in the main-actor job that ends its
    /// request, so an ended request leaves nobody on the way to hear it.
    package var isQuiet: Bool { inFlight == 0 || inFlight <= sleepers.current }

    func requestStarted() {
        inFlight += 1
        started += 1
        events.happened()
    }

    func requestEnded() {
        inFlight = max(0, inFlight - 1)
        events.happened()
    }

    /// Returns once `condition` holds, checking it again after every network event (a request
    /// starting or ending, a task falling asleep on the clock or waking). Never returns when no
    /// event can make the condition true: a test puts a time limit on itself.
    package func until(_ condition: () -> Bool) async {
        while true {
            // Read the event count before the condition, so an event between the two is not lost.
            let seen = events.count
            if condition() { return }
            await events.next(after: seen)
        }
    }

    /// Returns once `count` tasks are asleep on the clock: the moment a test may move a `TestClock`
    /// (moved earlier, the requests would go to sleep after the advance and wait for ever).
    package func untilAsleep(count: Int = 1) async {
        await until { sleepers.current >= count }
    }

    /// Returns once every request in flight has landed or is asleep on the clock, and the main
    /// actor has run what the landings set off (which may have started more requests).
    ///
    /// The network half waits for events. The main-actor half cannot: a task that a module (or a
    /// landing) queued on the main actor and that has not run yet — one that will send the next
    /// request — announces itself to nobody, and the main executor offers no "idle" event. So once
    /// the network is quiet, the monitor takes turns on the main actor (`Task.yield()` from the
    /// main actor queues it behind everything queued so far, so each turn runs that work) and
    /// returns only after `queuedWorkTurns` turns in a row in which no network event happened. Any
    /// event starts the count again; a chain of main-actor tasks deeper than that (a task that
    /// queues a task that queues a task …, without sending) is the one thing it could miss.
    package func untilSettled() async {
        var quietTurns = 0
        while quietTurns < Self.queuedWorkTurns {
            let seen = events.count
            guard isQuiet else {
                await until { isQuiet }
                quietTurns = 0
                continue
            }
            await Task.yield()
            quietTurns = events.count == seen && isQuiet ? quietTurns + 1 : 0
        }
    }

    /// Main-actor turns without a network event after which the work a landing or a key queued
    /// has run. The deepest chain in mvx is two (a picture: the role's load starts the loader's
    /// task, which sends); eight leave a wide margin and cost next to nothing (a turn
    /// over a queue with nothing else in it returns at once).
    static let queuedWorkTurns = 8
}

/// The network's events, counted, and the tasks waiting for the next one. Thread-safe: requests
/// are counted on the main actor, but sleepers come and go on any thread.
private final class NetworkEvents: Sendable {
    private struct State {
        var count = 0
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())

    /// Events so far.
    var count: Int { state.withLock { $0.count } }

    /// Counts an event and wakes every waiter.
    func happened() {
        let ready = state.withLock { state in
            state.count += 1
            defer { state.waiters.removeAll() }
            return state.waiters
        }
        for waiter in ready { waiter.resume() }
    }

    /// Returns at the first event after the `seen`-th (at once if it already happened).
    func next(after seen: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let now = state.withLock { state in
                guard state.count == seen else { return true }
                state.waiters.append(continuation)
                return false
            }
            if now { continuation.resume() }
        }
    }
}
