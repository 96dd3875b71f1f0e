import PatternVocabulary

/// Orlov's three criteria for judging an architecture, each as one number computed from the
/// measured code. The formulas are simple on purpose, so a reader can redo them by hand from the
/// role table; they are not tuned to agree with Orlov.
package enum Criterion: String, CaseIterable, Sendable, Codable {
    case distribution
    case testability
    case easeOfUse

    package var title: String {
        switch self {
        case .distribution: "Distribution"
        case .testability: "Testability"
        case .easeOfUse: "Ease of use"
        }
    }

    /// The formula in one line, shown beside the figures.
    package var definition: String {
        switch self {
        case .distribution:
            "1 − the largest role's share of the code lines (0 % when one role holds all the code)"
        case .testability:
            "share of the non-view code lines (protocol-only files aside) in files whose class a unit test exercises without importing a view (ScreenViews); a file without a class, when such a test names its type"
        case .easeOfUse:
            "code lines written for the two features, fewer is easier; × is the ratio to the fewest"
        }
    }

    /// Whether a larger figure is the better one.
    package var higherIsBetter: Bool { self != .easeOfUse }

    /// The criterion's figure for one pattern: a share in 0…1, or code lines for ease of use.
    package func value(for metrics: PatternMetrics) -> Double {
        switch self {
        case .distribution:
            let total = metrics.total.codeLines
            guard total > 0, let largest = metrics.largestRole else { return 0 }
            return 1 - Double(largest.codeLines) / Double(total)
        case .testability:
            let base = metrics.testableFiles
            let lines = base.reduce(0) { $0 + $1.codeLines }
            guard lines > 0 else { return 0 }
            return Double(base.filter(\.hasViewFreeTests).reduce(0) { $0 + $1.codeLines }) / Double(lines)
        case .easeOfUse:
            return Double(metrics.total.codeLines)
        }
    }

    /// Orlov's verdict on this criterion (the digest's table, §1): his best and worst pattern, in his words.
    package var orlov: OrlovVerdict {
        switch self {
        case .distribution:
            OrlovVerdict(best: .viper, worst: .mvc,
                         says: "VIPER best (five roles); Cocoa MVC fuses view and controller (the massive view controller)")
        case .testability:
            OrlovVerdict(best: .viper, worst: .mvc,
                         says: "VIPER best, MVP very good, MVVM easy; in Cocoa MVC only the model")
        case .easeOfUse:
            OrlovVerdict(best: .mvc, worst: .viper,
                         says: "MVC least code; MVP about twice as much; MVVM as MVP; VIPER most code")
        }
    }
}

/// What Orlov's table says about one criterion.
package struct OrlovVerdict: Sendable, Equatable, Codable {
    package var best: PatternID
    package var worst: PatternID
    package var says: String
}

extension PatternMetrics {
    /// The role with the most code lines (the first in role order on a tie).
    package var largestRole: RoleMetrics? {
        roles.reduce(nil) { largest, role in
            role.codeLines > (largest?.codeLines ?? 0) ? role : largest
        }
    }

    /// The files testability is measured over: placed, not the view, and not only protocols.
    package var testableFiles: [MeasuredFile] {
        sourceFiles.filter { file in
            guard let role = file.role, role != .view else { return false }
            return !(file.protocols > 0 && file.types == 0)
        }
    }
}
