import FakeServer
import Networking
import TestSupport
import Testing

/// For any seed, every request ends in exactly one of success, failure or cancelled, and nothing
/// reaches a delegate after its landing point was torn down.
///
/// The callers' tally alone proves nothing (three counters of one switch always add up to the
/// total), so it is checked against what the network layer itself recorded: the journal's one
/// record per call and the monitor's count of requests in flight.
@MainActor @Suite struct PropertyTests {
    @Test func everyRequestEndsExactlyOnceAndNothingLandsAfterTeardown() async {
        for seed in UInt64(0)..<150 {
            var random = SeededRandom(state: seed)
            let scenario = Scenario(seed: seed, latency: .zero ... .zero, failureRates: FailureRates(total: 0.4))
            let environment = Support.environment(scenario)
            let landing = environment.makeLandingPoint("screen \(seed)")
            let manager = environment.makeRentListManager(landingPoint: landing)
            manager.requestPolicy = random.next() % 2 == 0 ? .allowConcurrent : .cancelPrevious
            let delegate = RecordingDelegate()
            manager.delegate = delegate

            let count = 1 + Int(random.next() % 6)
            var tasks: [Task<Result<Int, APIError>, Never>] = []
            for index in 0..<count {
                manager.parameters = index % 2 == 0 ? [:] : ["district": "浦东新区"]
                tasks.append(Task {
                    do throws(APIError) { return .success(try await manager.load().serialized.count) } catch { return .failure(error) }
                })
                // Not a wait: a seeded reshuffle of when the next load starts against the ones in flight.
                if random.next() % 3 == 0 { await Task.yield() }
            }
            let tearDownEarly = random.next() % 3 == 0
            if tearDownEarly { landing.cancelAll() }
            var outcomes = (success: 0, failure: 0, cancelled: 0)
            for task in tasks {
                switch await task.value {
                case .success: outcomes.success += 1
                case .failure(.cancelled): outcomes.cancelled += 1
                case .failure: outcomes.failure += 1
                }
            }
            let ended = environment.journal.records.map(\.outcome)
            #expect(ended.count == count, "seed \(seed): one record per call")
            #expect(!ended.contains(.inFlight) && environment.monitor.inFlight == 0, "seed \(seed): a request never ended")
            // A caller's success is a landed reply or a cache hit; its cancellation a request cancelled,
            // or a call ignored (torn down) or vetoed before sending; its failure a failed or rejected one.
            let recorded = ended.reduce(into: (success: 0, failure: 0, cancelled: 0)) { tally, outcome in
                switch outcome {
                case .succeeded, .cacheHit: tally.success += 1
                case .failed, .rejected: tally.failure += 1
                case .cancelled, .ignored, .vetoed: tally.cancelled += 1
                case .inFlight: break
                }
            }
            #expect(recorded == outcomes, "seed \(seed): the callers heard \(outcomes), the journal recorded \(recorded)")
            // Delegates hear exactly the requests that did not end cancelled (plain loads do not join).
            #expect(delegate.successes == outcomes.success, "seed \(seed)")
            #expect(delegate.failures.count == outcomes.failure, "seed \(seed)")
            landing.cancelAll()
            let heard = delegate.log.count
            manager.loadData()
            await environment.settle()
            #expect(delegate.log.count == heard, "seed \(seed): a callback landed after teardown")
            if tearDownEarly { #expect(outcomes.success + outcomes.failure <= count) }
        }
    }
}
