/// A price in yuan with what it is for; the three teams price differently (monthly rent,
/// average per square metre, total), so the amount alone would mislead.
public struct Price: Sendable, Hashable, Codable {
    /// What the amount counts.
    public enum Unit: String, Sendable, Hashable, Codable {
        case perMonth
        case perSquareMetre
        case total
    }

    /// Whole yuan.
    public var yuan: Int
    public var unit: Unit

    public init(yuan: Int, unit: Unit) {
        self.yuan = yuan
        self.unit = unit
    }

    /// "¥4,500/month", "¥68,000/m²", "¥3,500,000".
    public var text: String {
        let digits = String(yuan)
        var grouped = ""
        for (offset, character) in digits.reversed().enumerated() {
            if offset > 0, offset % 3 == 0, character != "-" { grouped.append(",") }
            grouped.append(character)
        }
        let amount = "¥" + String(grouped.reversed())
        switch unit {
        case .perMonth: return amount + "/month"
        case .perSquareMetre: return amount + "/m²"
        case .total: return amount
        }
    }
}
