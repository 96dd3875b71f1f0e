/// The probability of each failure kind per request. They are drawn from one roll, so their sum
/// is the total failure rate and must stay ≤ 1.
package struct FailureRates: Sendable, Hashable {
    package private(set) var rates: [FailureKind: Double]

    /// No failures.
    package static let none = FailureRates()

    package init(_ rates: [FailureKind: Double] = [:]) {
        self.rates = rates.filter { $0.value > 0 }
    }

    /// `total` spread evenly over every failure kind (what `--fail-rate 0.2` means).
    package init(total: Double) {
        // No table for no failures (the default): a launch then hashes no `FailureKind`, whose first
        // use as a key costs a scan of every conformance record in the binary.
        guard total > 0 else {
            self.init()
            return
        }
        let share = total / Double(FailureKind.allCases.count)
        self.init(Dictionary(uniqueKeysWithValues: FailureKind.allCases.map { ($0, share) }))
    }

    /// The probability of `kind`.
    package subscript(kind: FailureKind) -> Double {
        get { rates[kind] ?? 0 }
        set { rates[kind] = newValue > 0 ? newValue : nil }
    }

    /// The probability that a request fails at all.
    package var total: Double { rates.values.reduce(0, +) }

    /// The failure a roll in [0, 1) lands on, in `FailureKind.allCases` order, or nil for success.
    package func failure(forRoll roll: Double) -> FailureKind? {
        var threshold = 0.0
        for kind in FailureKind.allCases {
            threshold += self[kind]
            if roll < threshold { return kind }
        }
        return nil
    }
}
