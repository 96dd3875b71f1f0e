#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PatternVocabulary

/// Orlov's verdicts on how much code each pattern takes, set one by one against his own snippets
/// and mvx's figures, so `docs/comparison.md` says where they agree and where not, in numbers.
extension MetricsReport {
    /// His greeting snippets' lines: not blank, not only a comment, not an import (his playground's
    /// `import UIKit`), counted in `seeds/orlov-ios-architecture-patterns-zh.md`.
    package static let orlovSnippetLines: [PatternID: Int] = [.mvc: 20, .mvp: 42, .mvvm: 44, .viper: 62]

    /// One verdict: what he says, and whether his snippets, mvx's greeting and mvx's whole pattern bear it out.
    package struct SizeVerdict: Sendable, Equatable {
        package var says: String
        package var snippets: Bool
        package var greeting: Bool
        package var wholePattern: Bool
    }

    /// MVP about twice MVC (1.5× to 2.5×), MVVM about as much as MVP (within 15 %), VIPER the most.
    package func sizeVerdicts() -> [SizeVerdict] {
        let snippets = Self.orlovSnippetLines
        let greeting = Dictionary(uniqueKeysWithValues: patterns.map { ($0.pattern, $0.codeLines(for: .greeting)) })
        let whole = Dictionary(uniqueKeysWithValues: patterns.map { ($0.pattern, $0.total.codeLines) })
        func check(_ rule: ([PatternID: Int]) -> Bool) -> (Bool, Bool, Bool) { (rule(snippets), rule(greeting), rule(whole)) }
        let rules: [(String, ([PatternID: Int]) -> Bool)] = [
            ("MVP takes roughly twice MVC's code", { (1.5...2.5).contains(Self.ratio($0[.mvp], $0[.mvc])) }),
            ("MVVM takes as much code as MVP", { abs(Self.ratio($0[.mvvm], $0[.mvp]) - 1) <= 0.15 }),
            ("VIPER takes the most code", { counts in counts[.viper] == counts.values.max() }),
        ]
        return rules.map { says, rule in
            let (a, b, c) = check(rule)
            return SizeVerdict(says: says, snippets: a, greeting: b, wholePattern: c)
        }
    }

    static func ratio(_ count: Int?, _ base: Int?) -> Double {
        guard let count, let base, base > 0 else { return 0 }
        return Double(count) / Double(base)
    }

    /// A ratio with two decimals, `1.91` (`value` is ≥ 0).
    static func hundredths(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100)." + (fraction < 10 ? "0" : "") + "\(fraction)"
    }

    /// The section of `docs/comparison.md`: the three sizes side by side, then each verdict.
    func sizeVerdictsMarkdown() -> [String] {
        let order = patterns.map(\.pattern)
        func row(_ name: String, _ counts: [PatternID: Int]) -> String {
            "| \(name) | " + order.map { pattern in
                let count = counts[pattern] ?? 0
                return "\(count) ×" + Self.hundredths(Self.ratio(count, counts[.mvc]))
            }.joined(separator: " | ") + " |"
        }
        var out = ["## Orlov's verdicts on code size, one by one", "",
                   "Lines and the ratio to MVC. His snippets are counted without blank lines, comments and the "
                       + "playground's import; mvx's as everywhere on this page.", "",
                   "| | " + order.map(\.rawValue).joined(separator: " | ") + " |", "|---|" + order.map { _ in "--:|" }.joined()]
        out.append(row("Orlov's greeting snippets", Self.orlovSnippetLines))
        out.append(row("mvx's greeting", Dictionary(uniqueKeysWithValues: patterns.map { ($0.pattern, $0.codeLines(for: .greeting)) })))
        out.append(row("mvx's whole pattern", Dictionary(uniqueKeysWithValues: patterns.map { ($0.pattern, $0.total.codeLines) })))
        out += ["", "| Orlov says | his snippets | mvx's greeting | mvx's whole pattern |", "|---|---|---|---|"]
        func word(_ holds: Bool) -> String { holds ? "agree" : "**do not**" }
        for verdict in sizeVerdicts() {
            out.append("| \(verdict.says) | \(word(verdict.snippets)) | \(word(verdict.greeting)) | \(word(verdict.wholePattern)) |")
        }
        out += ["", "\"Roughly twice\" is read as 1.5× to 2.5×, \"as much\" as within 15 %."]
        return out
    }
}
