import ArgumentParser
import FakeServer
import Foundation

/// The fake network's options: where its data comes from and how it misbehaves.
struct NetworkOptions: ParsableArguments {
    @Option(help: ArgumentHelp("A directory of JSON files laid out like the bundled fixtures (rent.json, xinfang.json, esf.json, people.json).", valueName: "dir"))
    var fixtures: String?

    @Option(help: "The seed every request's latency and failures derive from.")
    var seed: String = "0"

    @Option(help: ArgumentHelp("The latency range of each request, e.g. 50..400ms, 0, 1s.", valueName: "range"))
    var latency: String = "50..400ms"

    @Option(help: ArgumentHelp("The probability that a request fails (0…1), or per kind: timeout=0.1,no-network=0.05.", valueName: "rate"))
    var failRate: String = "0"

    @Flag(help: "Start with the network off: every request fails with 'no network'.")
    var offline = false

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

    /// The fixtures: the bundled ones, or the directory given; a bad file is a usage error
    /// naming the file and the problem.
    func loadFixtures() throws -> Fixtures {
        do {
            if let fixtures {
                return try Fixtures.load(directory: URL(fileURLWithPath: fixtures, isDirectory: true))
            }
            return try Fixtures.bundled()
        } catch {
            throw ValidationError("--fixtures: \(error)")
        }
    }
}
