import Testing

/// How long a shared wait helper waits for the event it names before it fails the test.
///
/// Every wait here is woken by an event (a request landing, a callback arriving), and one that
/// passes takes milliseconds, so the limit only says how soon a regression that loses the event
/// fails: in seconds, naming the wait, instead of at its suite's time limit (a minute or more).
/// That limit cannot end such a wait by itself: it cancels the test's task, and a continuation
/// nobody resumes ignores cancellation, so a test stuck in one would hang the run.
package enum WaitLimit {
    /// Far above any wait that passes, on a loaded two-core CI runner too.
    package static let standard: Duration = .seconds(10)
}

/// Runs `body` (a wait) and returns its result, or nil once `limit` has passed or the test's task
/// is cancelled: then it records an issue naming `what` was awaited, at `sourceLocation`, and
/// leaves `body`'s task behind (a wait that never ends cannot be ended from outside). Once the
/// test's task is cancelled, later waits return nil at once.
///
/// `body` starts on the caller's turn and the timer runs off the main actor, so a wait that
/// passes costs one main-actor turn more than `body` alone: when the full suite runs, every
/// main-actor test queues for that thread, and a test that waits hundreds of times pays for each.
@MainActor
package func bounded<T: Sendable>(
    _ what: @autoclosure () -> String, within limit: Duration = WaitLimit.standard,
    sourceLocation: SourceLocation = #_sourceLocation, _ body: @escaping @MainActor () async -> T
) async -> T? {
    // Cancelled already (a time limit ended the test): the wait that was cut has said so.
    guard !Task.isCancelled else { return nil }
    let race = Race<T>()
    let work = Task.immediate { race.finish(await body()) }
    let timer = Task.detached {
        // The limit counts time in which the main actor was free to run the wait: after each second
        // a turn on it is awaited, so when every main-actor test of the full suite queues for that
        // thread, the limit stretches as the wait's own turns do. A lost event still fails in it.
        for _ in 0..<max(1, limit.components.seconds) {
            try? await Task.sleep(for: .seconds(1))
            guard !Task.isCancelled else { return }
            await MainActor.run {}
        }
        guard !Task.isCancelled else { return }
        await race.finish(nil)
    }
    let result = await withTaskCancellationHandler {
        await withCheckedContinuation { race.wait($0) }
    } onCancel: {
        Task { @MainActor in race.finish(nil) }
    }
    timer.cancel()
    if result == nil {
        work.cancel()
        let why = Task.isCancelled ? "the test was cancelled" : "not done within \(limit.components.seconds) s"
        Issue.record("waited for \(what()): \(why)", sourceLocation: sourceLocation)
    }
    return result
}

/// The first of a wait's ends — its result, the time limit, a cancellation — and the caller
/// waiting for it.
@MainActor
private final class Race<T: Sendable> {
    private var waiter: CheckedContinuation<T?, Never>?
    /// Set once an end has come; later ends change nothing.
    private var ended: T??

    func wait(_ continuation: CheckedContinuation<T?, Never>) {
        if let ended { continuation.resume(returning: ended) } else { waiter = continuation }
    }

    func finish(_ result: T?) {
        guard ended == nil else { return }
        ended = .some(result)
        waiter?.resume(returning: result)
        waiter = nil
    }
}
