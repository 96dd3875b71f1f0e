import Mediator
import PatternVocabulary
import Tracing

/// One line per pattern that says where it stands among the others, derived from the counts only.
package enum CompareVerdict {
    /// The verdict of every pattern in `counts` against the rest; at most two findings each.
    package static func verdicts(for counts: [PatternID: ActionCounts]) -> [PatternID: String] {
        var result: [PatternID: String] = [:]
        for (pattern, own) in counts {
            var findings: [String] = []
            func rank(_ value: (ActionCounts) -> Int, fewest: String, most: String) {
                let values = counts.values.map(value)
                guard let low = values.min(), let high = values.max(), low != high else { return }
                let mine = value(own)
                let tied = values.count(where: { $0 == mine }) > 1 ? " (tied)" : ""
                if mine == low { findings.append(fewest + tied) }
                if mine == high { findings.append(most + tied) }
            }
            rank(\.steps, fewest: "fewest steps", most: "most steps")
            rank(\.boundaries, fewest: "fewest boundaries: least indirection", most: "most boundaries: most testable seams")
            rank(\.types, fewest: "fewest types", most: "most types")
            rank(\.asyncEvents, fewest: "least async work", most: "most async work")
            if findings.isEmpty {
                let allEqual = Set(counts.values.map { [$0.steps, $0.types, $0.boundaries, $0.asyncEvents] }).count == 1
                findings.append(allEqual ? "same as the others on every count" : "middle of the field on every count")
            }
            result[pattern] = findings.prefix(2).joined(separator: "; ")
        }
        return result
    }
}
