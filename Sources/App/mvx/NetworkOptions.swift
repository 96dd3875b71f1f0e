import ArgumentParser
import FakeServer
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Sessions

/// The fake network's options: where its data comes from and how it misbehaves.
struct NetworkOptions: ParsableArguments {
    @Option(name: RunOption.fixtures.name, help: ArgumentHelp("A directory of JSON files laid out like the bundled fixtures (rent.json, xinfang.json, esf.json, people.json).", valueName: "dir"))
    var fixtures: String?

    // Optional underneath (defaults in the help), so a session's own values give way only to what was typed.
    @Option(name: RunOption.seed.name, help: ArgumentHelp("The seed every request's latency and failures derive from (default: 0).", valueName: "seed"))
    var seedOption: String?

    @Option(name: RunOption.latency.name, help: ArgumentHelp("The latency range of each request, e.g. 50..400ms, 0, 1s (default: 50..400ms).", valueName: "range"))
    var latencyOption: String?

    @Option(name: RunOption.failRate.name, help: ArgumentHelp("The probability that a request fails (0…1), or per kind: timeout=0.1,no-network=0.05 (default: 0).", valueName: "rate"))
    var failRateOption: String?

    @Flag(name: RunOption.offline.name, help: "Start with the network off: every request fails with 'no network'.")
    var offline = false

    /// The values typed, without the parser's property wrappers.
    var choice: NetworkChoice {
        NetworkChoice(fixtures: fixtures, seedOption: seedOption, latencyOption: latencyOption,
                      failRateOption: failRateOption, offline: offline)
    }
}

/// What the network options say, as plain values (see `ScreenPatternChoice`).
struct NetworkChoice: Equatable, Sendable {
    var fixtures: String?
    var seedOption: String?
    var latencyOption: String?
    var failRateOption: String?
    var offline = false

    var seed: String { seedOption ?? "0" }
    var latency: String { latencyOption ?? "50..400ms" }
    var failRate: String { failRateOption ?? "0" }

    /// The scenario the options describe; a malformed value is a usage error naming the flag.
    func scenario() throws -> Scenario {
        func parse<T>(_ flag: String, _ body: () throws(ScenarioError) -> T) throws -> T {
            do { return try body() } catch { throw ValidationError("--\(flag): \(error)") }
        }
        return Scenario(
            seed: try parse("seed") { () throws(ScenarioError) in try Scenario.parseSeed(seed) },
            latency: try parse("latency") { () throws(ScenarioError) in try Scenario.parseLatency(latency) },
            failureRates: try parse("fail-rate") { () throws(ScenarioError) in try Scenario.parseFailureRates(failRate) },
            offline: offline)
    }

    /// A session's start with the network options typed on the command line put over its own.
    func applied(to start: SessionStart) -> SessionStart {
        var start = start
        start.seed = seedOption ?? start.seed
        start.latency = latencyOption ?? start.latency
        start.failRate = failRateOption ?? start.failRate
        start.offline = offline || start.offline
        return start
    }

    /// The fixtures: the directory given, read and checked now (a bad file is a usage error naming
    /// the file and the problem), or else the bundled ones, each file read when first asked for.
    func loadFixtures() throws -> Fixtures {
        do {
            if let fixtures {
                return try Fixtures.load(directory: URL(fileURLWithPath: fixtures, isDirectory: true))
            }
            // Read file by file as the fake server first needs each: the first frame needs none.
            return Fixtures.bundledOnDemand()
        } catch {
            throw ValidationError("--fixtures: \(error)")
        }
    }
}
