import Model
import Networking

/// How the fake network behaves: the seed every request's luck derives from, the latency range,
/// the probability of each failure kind, and whether the network is off. The command line builds
/// one from `--seed N --latency 50..400ms --fail-rate 0.2 --offline`.
package struct Scenario: Sendable, Hashable {
    /// The network the fake device is on; `switchNetwork(to:)` changes it with its profile.
    package var networkType: NetworkType
    package var seed: UInt64
    /// Each request waits a duration drawn uniformly from this range.
    package var latency: ClosedRange<Duration>
    package var failureRates: FailureRates
    /// When true every request fails at once with `.noNetwork`.
    package var offline: Bool
    /// A one-shot: the next request to reach the server fails with this kind whatever its roll,
    /// and the server clears it (see `ScenarioControls.takeScenarioForRequest()`).
    package var nextFailure: FailureKind?

    package init(
        seed: UInt64 = 0,
        latency: ClosedRange<Duration> = .milliseconds(50) ... .milliseconds(400),
        failureRates: FailureRates = .none,
        offline: Bool = false,
        nextFailure: FailureKind? = nil
    ) {
        self.networkType = offline ? .offline : .wifi
        self.seed = seed
        self.latency = latency
        self.failureRates = failureRates
        self.offline = offline
        self.nextFailure = nextFailure
    }

    /// No latency, no failures: for tests and benchmarks.
    package static let instant = Scenario(latency: .zero ... .zero)

    /// The latency one request with this generator waits.
    package func drawLatency(_ random: inout SeededRandom) -> Duration {
        let span = latency.upperBound - latency.lowerBound
        return latency.lowerBound + span * random.nextUnit()
    }

    // MARK: Network types (the inspector's y and a)

    /// The latency and failures of each network type, slower and flakier down the list. Wi-Fi is
    /// the default scenario's own; offline keeps the latency (no request waits: all fail at once).
    package static func profile(of type: NetworkType) -> (latency: ClosedRange<Duration>, failureRates: FailureRates) {
        switch type {
        case .wifi, .offline: (.milliseconds(50) ... .milliseconds(400), .none)
        case .cellular4G: (.milliseconds(100) ... .milliseconds(800), .none)
        case .cellular3G: (.milliseconds(400) ... .milliseconds(1600), FailureRates([.timeout: 0.05]))
        case .cellular2G: (.milliseconds(1600) ... .milliseconds(6400), FailureRates([.timeout: 0.15]))
        }
    }

    /// The online type the network was on before it went offline: where `o` comes back to.
    package var networkTypeBeforeOffline: NetworkType = .wifi

    /// Moves to `type`: its profile's latency and failure rates, and offline exactly when it is
    /// `.offline`. Going offline keeps the latency and rates, so coming back to the same type finds
    /// them as they were (the inspector's `+` `-` included).
    package mutating func switchNetwork(to type: NetworkType) {
        let old = networkType
        networkType = type
        offline = !type.isOnline
        guard type.isOnline else {
            if old.isOnline { networkTypeBeforeOffline = old }
            return
        }
        guard old.isOnline || type != networkTypeBeforeOffline else { return }
        (latency, failureRates) = Self.profile(of: type)
    }

    // MARK: Stepping the latency (the inspector's + and -)

    /// The upper bounds `steppedLatency` moves between: doubling, because latency is felt on a
    /// log scale (50 → 100 ms is as noticeable as 1 → 2 s).
    package static let latencyLadder: [Duration] = [0, 100, 200, 400, 800, 1600, 3200, 6400].map { .milliseconds($0) }

    /// `range` one step slower (`up`) or faster: the upper bound moves to the next rung of
    /// `latencyLadder`, the lower bound keeps its share of it (so jitter stays), and below the
    /// first rung everything is zero. Off-ladder ranges (from `--latency`) move to the nearest rung.
    package static func steppedLatency(_ range: ClosedRange<Duration>, up: Bool) -> ClosedRange<Duration> {
        let upper = range.upperBound
        let ladder = latencyLadder
        let target = up ? ladder.first { $0 > upper } ?? ladder[ladder.count - 1]
            : ladder.last { $0 < upper } ?? .zero
        guard target > .zero else { return .zero ... .zero }
        // From zero there is no share to keep: the default range's (50 of 400, an eighth).
        let share = upper > .zero ? range.lowerBound / upper : 0.125
        let lower = target * share
        return min(lower, target)...target
    }

    // MARK: Parsing the command line's strings

    /// Parses a latency range: `50..400ms`, `50ms..400ms`, `0.05..0.4s`, `120ms` (fixed), `0`.
    /// Units: `us`, `ms` (the default when none is given), `s`.
    package static func parseLatency(_ text: String) throws(ScenarioError) -> ClosedRange<Duration> {
        let trimmed = text.trimmingSpaces
        let parts = piecesBetweenDots(trimmed)
        guard (1...2).contains(parts.count), !trimmed.isEmpty else {
            throw ScenarioError(input: text, problem: "expected a range like 50..400ms")
        }
        // A unit on the upper bound applies to a bare lower bound too ("50..400ms").
        let sharedUnit = unitSuffix(of: parts[parts.count - 1])
        let lower = try parseDuration(parts[0], defaultUnit: sharedUnit, whole: text)
        let upper = parts.count == 2 ? try parseDuration(parts[1], defaultUnit: sharedUnit, whole: text) : lower
        guard lower <= upper else { throw ScenarioError(input: text, problem: "the lower bound exceeds the upper bound") }
        return lower...upper
    }

    /// Parses failure probabilities: a total like `0.2` (spread evenly over every kind), or
    /// per kind like `timeout=0.1,no-network=0.05,malformed=0.02,no-content=0.03`. Each value
    /// and the sum must lie in 0...1.
    package static func parseFailureRates(_ text: String) throws(ScenarioError) -> FailureRates {
        let trimmed = text.trimmingSpaces
        if trimmed.firstIndex(of: "=") == nil {
            guard let total = Double(trimmed), (0...1).contains(total) else {
                throw ScenarioError(input: text, problem: "expected a probability between 0 and 1, like 0.2")
            }
            return FailureRates(total: total)
        }
        var rates = FailureRates()
        for item in trimmed.split(separator: ",") {
            let pair = item.split(separator: "=", maxSplits: 1).map { String($0).trimmingSpaces }
            guard pair.count == 2, let kind = FailureKind(rawValue: pair[0]) else {
                let kinds = FailureKind.allCases.map(\.rawValue).joined(separator: ", ")
                throw ScenarioError(input: text, problem: "unknown failure kind in '\(item)'; kinds are \(kinds)")
            }
            guard let rate = Double(pair[1]), (0...1).contains(rate) else {
                throw ScenarioError(input: text, problem: "'\(pair[1])' is not a probability between 0 and 1")
            }
            rates[kind] = rate
        }
        guard rates.total <= 1 else { throw ScenarioError(input: text, problem: "the probabilities add up to more than 1") }
        return rates
    }

    /// Parses a seed: a non-negative integer.
    package static func parseSeed(_ text: String) throws(ScenarioError) -> UInt64 {
        guard let seed = UInt64(text.trimmingSpaces) else {
            throw ScenarioError(input: text, problem: "expected a non-negative integer")
        }
        return seed
    }

    /// `text` cut at each "..", empty pieces kept: "50..400ms" → 50, 400ms. By hand, because
    /// `split(separator: "..")` (and `contains("=")`) are _StringProcessing's and Foundation's
    /// generic searches: their first use at every start cost a scan of the binary's conformances.
    private static func piecesBetweenDots(_ text: String) -> [String] {
        let bytes = text.utf8
        var pieces: [String] = []
        var start = bytes.startIndex
        var index = start
        while index != bytes.endIndex {
            let next = bytes.index(after: index)
            if bytes[index] == UInt8(ascii: "."), next != bytes.endIndex, bytes[next] == UInt8(ascii: ".") {
                pieces.append(String(text[start..<index]))
                index = bytes.index(after: next)
                start = index
            } else {
                index = next
            }
        }
        pieces.append(String(text[start...]))
        return pieces
    }

    private static func unitSuffix(of text: String) -> String? {
        let trimmed = text.trimmingSpaces
        for unit in ["us", "ms", "s"] where trimmed.hasSuffix(unit) { return unit }
        return nil
    }

    /// The slowest latency `--latency` accepts: a minute is already a dead network, and beyond it a
    /// duration in nanoseconds would overflow.
    package static let maximumLatency = Duration.seconds(60)

    private static func parseDuration(_ part: String, defaultUnit: String?, whole: String) throws(ScenarioError) -> Duration {
        var number = part.trimmingSpaces
        let unit = unitSuffix(of: number) ?? defaultUnit ?? "ms"
        if let own = unitSuffix(of: number) { number.removeLast(own.count) }
        guard let value = Double(number), value >= 0, value.isFinite else {
            throw ScenarioError(input: whole, problem: "'\(part)' is not a duration; expected e.g. 50ms")
        }
        let nanoseconds = switch unit {
        case "us": value * 1_000
        case "s": value * 1_000_000_000
        default: value * 1_000_000
        }
        // Checked before converting: Int64(1e19 ms in ns) traps.
        guard nanoseconds <= Double(maximumLatency / .nanoseconds(1)) else {
            throw ScenarioError(input: whole, problem: "'\(part)' is out of range; latency is 0 to 60s")
        }
        return .nanoseconds(Int64(nanoseconds.rounded()))
    }
}

extension String {
    fileprivate var trimmingSpaces: String {
        var slice = Substring(self)
        while slice.first?.isWhitespace == true { slice.removeFirst() }
        while slice.last?.isWhitespace == true { slice.removeLast() }
        return String(slice)
    }
}
