import Foundation
import Testing

/// A time limit that ends a hung run: every test of a suite that waits (for the network to settle,
/// a frame, a replay, a rewind) runs under it, and one not finished within `limit` stops the test
/// process at once, naming the test, so CI fails in minutes instead of hanging.
///
/// Swift Testing's own `.timeLimit` cancels the test's task, but these waits (the network monitor,
/// a continuation for a frame or a replay's task) do not end when cancelled, so it would report the
/// overrun and still wait. Moving each wait to a task of its own, which a timeout could abandon,
/// would change what the tests see: the wait would begin and end on other turns of the main actor
/// than the test's, and the goldens catch that (the trace pane's page follows the frames drawn
/// meanwhile). So the test runs as it always did, and a watchdog beside it ends the run.
struct HangWatchdog: SuiteTrait, TestTrait, TestScoping {
    /// Far above the longest test here: in a full run every target's suites share the main actor,
    /// and the acceptance fuzz and leak tests (about 3 min of it) push a replay test past a minute.
    var limit: Duration = .seconds(180)

    var isRecursive: Bool { true }

    /// Around each test case, not around a suite as a whole.
    func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
        testCase == nil ? nil : self
    }

    func provideScope(for test: Test, testCase: Test.Case?,
                      performing function: @Sendable () async throws -> Void) async throws {
        let name = test.displayName ?? test.name, place = "\(test.sourceLocation.fileName):\(test.sourceLocation.line)"
        let watchdog = Watchdog.start(limit: limit) { [limit] in
            let message = "ShellTests: \"\(name)\" (\(place)) has not finished after \(limit): a wait that never "
                + "ends (the network, a frame, a replay). Ending the run rather than hanging it.\n"
            FileHandle.standardError.write(Data(message.utf8))
            exit(1)
        }
        defer { watchdog.cancel() }
        try await function()
    }
}

extension Trait where Self == HangWatchdog {
    /// Ends the whole run if a test of the suite has not finished within three minutes (`HangWatchdog`).
    static var hangWatchdog: Self { HangWatchdog() }
}

/// Runs an action once a time limit has passed, unless cancelled first. The limit counts time in
/// which the main actor was free to run the test's wait: after each second slept (off the main
/// actor) a turn on it is awaited, so while every suite of a full run queues for that thread the
/// limit stretches as the test's own turns do, and a wait that never ends still fails within it.
enum Watchdog {
    static func start(limit: Duration, onTimeout: @escaping @Sendable () -> Void) -> Task<Void, Never> {
        Task.detached {
            var left = limit
            while left > .zero {
                let step = min(left, .seconds(1))
                do { try await Task.sleep(for: step) } catch { return }  // cancelled: the test finished
                await MainActor.run {}
                left -= step
            }
            guard !Task.isCancelled else { return }
            onTimeout()
        }
    }
}

@Suite("Hang watchdog", .hangWatchdog)
struct WatchdogTests {
    @Test("the watchdog acts once its limit has passed while the test still waits")
    func fires() async {
        let (fired, report) = AsyncStream<Void>.makeStream()
        let watchdog = Watchdog.start(limit: .milliseconds(50)) { report.yield() }
        var reports = fired.makeAsyncIterator()
        #expect(await reports.next() != nil)
        #expect(!watchdog.isCancelled)
    }

    @Test("a watchdog cancelled before its limit never acts")
    func staysQuiet() async throws {
        let (fired, report) = AsyncStream<Bool>.makeStream()
        let watchdog = Watchdog.start(limit: .milliseconds(50)) { report.yield(true) }
        watchdog.cancel()
        try await Task.sleep(for: .milliseconds(300))
        report.yield(false)
        var reports = fired.makeAsyncIterator()
        #expect(await reports.next() == false, "the first report is the test's own, after the limit")
    }
}
