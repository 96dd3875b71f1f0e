import FakeServer
import Networking
import TestSupport
import Testing

/// For any seed, every request ends in exactly one of success, failure or cancelled, and nothing
/// reaches a delegate after its landing point was torn down.
///
/// What the delegate heard is checked against what the network layer itself recorded: the
/// journal's one record per call, the monitor's count of requests in flight, and each call's
/// answer to whether a request went out.
///
/// Its time limit is three minutes: its 150 settles take well under a second alone, but each waits
/// for main-actor turns, which the full suite's other main-actor tests share.
@MainActor @Suite(.timeLimit(.minutes(3))) struct PropertyTests {
    @Test func everyRequestEndsExactlyOnceAndNothingLandsAfterTeardown() async {
        // Over all seeds, each way a call can end happens: the property is not met by refusing every call.
        var seen = (sent: 0, landed: 0, cancelled: 0, cacheHits: 0)
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
            var sent = 0
            for index in 0..<count {
                manager.parameters = index % 2 == 0 ? [:] : ["district": "浦东新区"]
                // Mostly first pages (the request policy's case); a next page or a refresh now and then.
                let wentOut = switch random.next() % 6 {
                case 0...3: manager.loadFirstPage()
                case 4: manager.loadNextPage()
                default: manager.refresh()
                }
                if wentOut { sent += 1 }
                // Not a wait: a seeded reshuffle of when the next load starts against the ones in flight.
                if random.next() % 3 == 0 { await Task.yield() }
            }
            // Torn down early, with requests in flight: from then on the delegate hears nothing.
            var heardAtTeardown: Int?
            if random.next() % 3 == 0 {
                landing.cancelAll()
                heardAtTeardown = delegate.log.count
            }
            await environment.settle()
            if let heardAtTeardown {
                #expect(delegate.log.count == heardAtTeardown, "seed \(seed): a callback landed after teardown")
            }
            let records = environment.journal.records
            let ended = records.map(\.outcome)
            #expect(ended.count == count, "seed \(seed): one record per call")
            #expect(!ended.contains(.inFlight) && environment.monitor.inFlight == 0, "seed \(seed): a request never ended")
            #expect(records.count { $0.sentAt != nil } == sent, "seed \(seed): a call says true exactly when it sent")
            // A delegate hears a success for a landed reply or a cache hit, a failure for a failed or
            // rejected call, and nothing for a request cancelled or a call ignored or vetoed.
            let recorded = ended.reduce(into: (success: 0, failure: 0, cancelled: 0)) { tally, outcome in
                switch outcome {
                case .succeeded, .cacheHit: tally.success += 1
                case .failed, .rejected: tally.failure += 1
                case .cancelled, .ignored, .vetoed: tally.cancelled += 1
                case .inFlight: break
                }
            }
            let heard = (success: delegate.successes, failure: delegate.failures.count, cancelled: count - delegate.log.count)
            #expect(recorded == heard, "seed \(seed): the delegate heard \(heard), the journal recorded \(recorded)")
            seen.sent += sent
            seen.landed += ended.count { if case .succeeded = $0 { true } else { false } }
            seen.cancelled += ended.count { if case .cancelled = $0 { true } else { false } }
            seen.cacheHits += ended.count { $0 == .cacheHit }
            landing.cancelAll()
            let before = delegate.log.count
            #expect(!manager.loadFirstPage() && delegate.log.count == before, "seed \(seed): a load after teardown is ignored")
        }
        #expect(seen.sent > 100 && seen.landed > 50 && seen.cancelled > 10 && seen.cacheHits > 0, "\(seen)")
    }
}
