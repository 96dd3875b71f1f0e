/// A price in yuan with what it is for; the three teams price differently (monthly rent,
/// average per square metre, total), so the amount alone would mislead.
package struct Price: Sendable, Hashable, Codable {
    /// What the amount counts.
    package enum Unit: String, Sendable, Hashable, Codable {
        case perMonth
        case perSquareMetre
        case total
    }

    /// The amounts a listing can have: a team that sends a negative price, or more yuan than there
    /// are in the world's housing (10¹² is already absurd), sent a broken record, not a bargain.
    package static let plausibleYuan: ClosedRange<Double> = 0...1e12

    /// Whole yuan; nil when the team sent an amount outside `plausibleYuan`.
    package var yuan: Int?
    package var unit: Unit

    package init(yuan: Int?, unit: Unit) {
        self.yuan = yuan
        self.unit = unit
    }

    /// `raw` yuan rounded, or an invalid price when it is outside `plausibleYuan` (or not a number).
    package init(checking raw: Double, unit: Unit) {
        let rounded = raw.rounded()
        self.init(yuan: Self.plausibleYuan.contains(rounded) ? Int(rounded) : nil, unit: unit)
    }

    /// "¥4,500/month", "¥68,000/m²", "¥3,500,000"; "invalid price" for an amount out of range.
    package var text: String {
        guard let yuan else { return "invalid price" }
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
