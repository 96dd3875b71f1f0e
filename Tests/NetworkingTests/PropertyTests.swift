import FakeServer
import Networking
import Testing

/// For any seed, every request ends in exactly one of success, failure or cancelled, and nothing
/// reaches a delegate after its landing point was torn down.
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
            #expect(outcomes.success + outcomes.failure + outcomes.cancelled == count, "seed \(seed)")
            // Delegates hear exactly the requests that did not end cancelled (plain loads do not join).
            #expect(delegate.successes == outcomes.success, "seed \(seed)")
            #expect(delegate.failures.count == outcomes.failure, "seed \(seed)")
            landing.cancelAll()
            let heard = delegate.log.count
            manager.loadData()
            await Support.settle(10)
            #expect(delegate.log.count == heard, "seed \(seed): a callback landed after teardown")
            if tearDownEarly { #expect(outcomes.success + outcomes.failure <= count) }
        }
    }
}
