import Mediator
import PatternVocabulary
import Tracing

/// One line per pattern that says where it stands among the others: which role tells the view
/// (where MVP's presenter and MVVM's view model or binding part), then the counts' extremes.
package enum CompareVerdict {
    /// The verdict of every pattern in `counts` against the rest: the first role that tells the
    /// view, from `viewCalls`, and at most two findings from the counts (one after a view line).
    package static func verdicts(for counts: [PatternID: ActionCounts],
                                 viewCalls: [PatternID: [CallPaths.ViewCalls]] = [:]) -> [PatternID: String] {
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
            if let lead = viewCalls[pattern]?.first {
                result[pattern] = ([lead.sentence()] + findings.prefix(1)).joined(separator: "; ")
                continue
            }
            if findings.isEmpty {
                let allEqual = Set(counts.values.map { [$0.steps, $0.types, $0.boundaries, $0.asyncEvents] }).count == 1
                findings.append(allEqual ? "same as the others on every count" : "middle of the field on every count")
            }
            result[pattern] = findings.prefix(2).joined(separator: "; ")
        }
        return result
    }
}
