import Foundation
/// How the benchmarks print: one aligned line per figure, with the aim beside it when there is one.
/// `make bench` only prints; nothing here passes or fails.
enum Report {
    static func section(_ title: String) {
        print("\n== \(title)")
    }

    static func figure(_ name: String, _ value: Double, unit: String, aim: String? = nil) {
        let padded = name.padding(toLength: 52, withPad: " ", startingAt: 0)
        let number = value >= 100 ? String(format: "%.0f", value) : String(format: "%.2f", value)
        print("\(padded) \(number) \(unit)\(aim.map { "   (aim \($0))" } ?? "")")
    }
}

/// The median of `runs` timings of `body`, in nanoseconds per iteration of `iterations`.
func medianNanoseconds(runs: Int = 7, iterations: Int = 1, _ body: () throws -> Void) rethrows -> Double {
    let clock = ContinuousClock()
    var samples: [Double] = []
    for _ in 0..<runs {
        let elapsed = try clock.measure { for _ in 0..<iterations { try body() } }
        samples.append(Double(elapsed.components.attoseconds) / 1e9 + Double(elapsed.components.seconds) * 1e9)
    }
    samples.sort()
    return samples[samples.count / 2] / Double(iterations)
}
