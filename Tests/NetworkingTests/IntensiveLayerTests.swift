import Clocks
import FakeServer
import Foundation
import Networking
import TestSupport
import Testing

@Suite(.timeLimit(.minutes(1))) struct IntensiveLayerTests {
    @Test func canonicalParametersAreSortedAndEncoded() {
        let a = CanonicalParameters(["page": "2", "district": "浦东 新区", "a": "x&y"])
        let b = CanonicalParameters(["a": "x&y", "page": "2", "district": "浦东 新区"])
        #expect(a == b)
        #expect(a.canonicalString.hasPrefix("a=x%26y&district=%E6%B5%A6"))
        #expect(a.canonicalString.hasSuffix("&page=2"))
        #expect(a.description == "a=x&y&district=浦东 新区&page=2", "traces and the operation log read it unencoded")
    }

    @Test func signatureIsHMACOfMethodAndParameters() {
        let parameters = CanonicalParameters(["page": "1"])
        let request = RequestSigner.sign(service: .rent, method: "rent.list", parameters: parameters, attempt: 0)
        #expect(request.signature.count == 64)
        #expect(RequestSigner.verify(request, secret: Service.rent.secret))
        #expect(!RequestSigner.verify(request, secret: "wrong"))
        var tampered = request
        tampered.parameters = CanonicalParameters(["page": "2"])
        #expect(!RequestSigner.verify(tampered, secret: Service.rent.secret))
    }

    @Test func serverRejectsBadSignature() async {
        let server = FakeServer(fixtures: Support.fixtures, scenario: ScenarioControls(.instant), clock: NetworkClock(ImmediateClock()))
        var wrong = Service.rent
        wrong.secret = "guessed"
        let request = RequestSigner.sign(service: wrong, method: "rent.list", parameters: CanonicalParameters(["page": "1", "page_size": "20"]), attempt: 0)
        await #expect(throws: APIError.signatureRejected) { try await server.send(request) }
    }

    @Test func serverPages() async throws {
        let server = FakeServer(fixtures: Support.fixtures, scenario: ScenarioControls(.instant), clock: NetworkClock(ImmediateClock()))
        let request = RequestSigner.sign(service: .rent, method: "rent.list", parameters: CanonicalParameters(["page": "4", "page_size": "20"]), attempt: 0)
        let page = try JSONValue(parsing: try await server.send(request))
        #expect(page["items"]?.arrayValue?.count == 12)  // 72 rent listings
        #expect(page["total"] == .number(72))
    }

    @Test func scenarioParsing() throws {
        #expect(try Scenario.parseLatency("50..400ms") == .milliseconds(50) ... .milliseconds(400))
        #expect(try Scenario.parseLatency("50ms..1s") == .milliseconds(50) ... .seconds(1))
        #expect(try Scenario.parseLatency("120") == .milliseconds(120) ... .milliseconds(120))
        #expect(try Scenario.parseLatency("0..0") == .zero ... .zero)
        // Cut at each "..", not at a decimal point; empty pieces and a third bound are errors.
        #expect(try Scenario.parseLatency("0.05..0.4s") == .milliseconds(50) ... .milliseconds(400))
        #expect(try Scenario.parseLatency(" 1.5..2.5ms ") == .microseconds(1500) ... .microseconds(2500))
        for bad in ["..400", "50..", "50..100..200", "1...2", ".."] {
            #expect(throws: ScenarioError.self, "\(bad)") { try Scenario.parseLatency(bad) }
        }
        #expect(throws: ScenarioError.self) { try Scenario.parseLatency("400..50ms") }
        #expect(throws: ScenarioError.self) { try Scenario.parseLatency("fast") }
        // Out of range, not a crash: these used to trap converting to Int64 nanoseconds.
        for huge in ["1e19", "9223372037s", "1e20ms", "60.001s", "1e300us"] {
            #expect(throws: ScenarioError(input: huge, problem: "'\(huge)' is out of range; latency is 0 to 60s")) {
                try Scenario.parseLatency(huge)
            }
        }
        #expect(try Scenario.parseLatency("60s") == .seconds(60) ... .seconds(60))
        let spread = try Scenario.parseFailureRates("0.2")
        #expect(abs(spread.total - 0.2) < 1e-9)
        #expect(abs(spread[.timeout] - 0.05) < 1e-9)
        let perKind = try Scenario.parseFailureRates("timeout=0.1, malformed=0.05")
        #expect(perKind[.timeout] == 0.1 && perKind[.malformed] == 0.05 && perKind[.noNetwork] == 0)
        #expect(throws: ScenarioError.self) { try Scenario.parseFailureRates("1.5") }
        #expect(throws: ScenarioError.self) { try Scenario.parseFailureRates("boom=0.1") }
        #expect(throws: ScenarioError.self) { try Scenario.parseFailureRates("timeout=0.7,malformed=0.7") }
        #expect(try Scenario.parseSeed("42") == 42)
    }

    @Test func outcomesDependOnlyOnSeedAPIParametersAndAttempt() async {
        let scenario = Scenario(seed: 7, latency: .zero ... .zero, failureRates: FailureRates(total: 0.5))
        func outcomes() async -> [String] {
            let server = FakeServer(fixtures: Support.fixtures, scenario: ScenarioControls(scenario), clock: NetworkClock(ImmediateClock()))
            var results: [String] = []
            for page in 1...4 {
                for attempt in 0..<3 {
                    let request = RequestSigner.sign(service: .rent, method: "rent.list", parameters: CanonicalParameters(["page": "\(page)", "page_size": "20"]), attempt: attempt)
                    do throws(APIError) {
                        results.append("ok \(try await server.send(request).count)")
                    } catch {
                        results.append(error.shortName)
                    }
                }
            }
            return results
        }
        let first = await outcomes()
        #expect(first == (await outcomes()))
        #expect(first.contains { $0.hasPrefix("ok") } && first.contains { !$0.hasPrefix("ok") })
    }

    @Test func offlineFailsAtOnce() async {
        let controls = ScenarioControls(.instant)
        controls.offline = true
        let server = FakeServer(fixtures: Support.fixtures, scenario: controls, clock: NetworkClock(ImmediateClock()))
        let request = RequestSigner.sign(service: .person, method: "person.get", parameters: CanonicalParameters(["id": "dynamo"]), attempt: 0)
        await #expect(throws: APIError.noNetwork) { try await server.send(request) }
    }

    @MainActor @Test func latencyComesFromTheInjectedClock() async throws {
        let clock = TestClock()
        let scenario = Scenario(latency: .milliseconds(300) ... .milliseconds(300))
        let networkClock = NetworkClock(clock)
        let server = FakeServer(fixtures: Support.fixtures, scenario: ScenarioControls(scenario), clock: networkClock)
        let request = RequestSigner.sign(service: .person, method: "person.get", parameters: CanonicalParameters(["id": "dynamo"]), attempt: 0)
        let task = Task { try await server.send(request) }
        let monitor = RequestMonitor(sleepers: networkClock.sleepers)
        await bounded("the request asleep on the clock") { await monitor.untilAsleep() }  // only then may the clock move
        await clock.advance(by: .milliseconds(299))
        #expect(networkClock.sleepers.current == 1, "at 299 ms the reply is still on its way")
        await clock.advance(by: .milliseconds(1))
        let bytes = try #require(await bounded("the reply") { try? await task.value } ?? nil)
        #expect(String(decoding: bytes, as: UTF8.self).contains("Frayne"))
    }
}
