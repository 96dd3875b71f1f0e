/// SplitMix64, seeded from a stable hash of (seed, API, canonical parameters, attempt), so each
/// request's luck depends only on what it is, never on scheduling or on other requests.
package struct SeededRandom: Sendable {
    private var state: UInt64

    package init(state: UInt64) {
        self.state = state
    }

    /// The generator for one request. FNV-1a rather than `Hasher`, which is randomly seeded per process.
    package init(seed: UInt64, method: String, canonicalParameters: String, attempt: Int) {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        func mix(_ byte: UInt8) {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        for shift in stride(from: 0, to: 64, by: 8) { mix(UInt8(truncatingIfNeeded: seed >> UInt64(shift))) }
        for byte in method.utf8 { mix(byte) }
        mix(0)
        for byte in canonicalParameters.utf8 { mix(byte) }
        mix(0)
        for shift in stride(from: 0, to: 64, by: 8) { mix(UInt8(truncatingIfNeeded: UInt64(attempt) >> UInt64(shift))) }
        self.init(state: hash)
    }

    /// The next 64 random bits.
    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform double in [0, 1).
    package mutating func nextUnit() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }
}
