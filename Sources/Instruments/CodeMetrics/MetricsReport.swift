import PatternVocabulary
import SourceCatalog

/// The metrics of the four patterns and their three criteria, as `m`, `mvx metrics` and
/// `docs/comparison.md` show them. Everything is counted from the sources embedded at build time,
/// so the figures are those of the code the binary was built from.
package struct MetricsReport: Sendable, Equatable {
    package var patterns: [PatternMetrics]
    /// The acceptance tests that ran: one spec, run against all four patterns, so shown once.
    package var acceptanceTests: Int
    /// Each pattern's map of Orlov's greeting declarations to mvx's, as a Markdown table.
    package var orlovMaps: [PatternID: String]

    /// - Parameter ranTests: the tests counted (those of the last recorded run, normally).
    package init(files: [SourceFile], ranTests: [TestsRun.RanTest] = TestsRun.all) {
        patterns = PatternID.allCases.map { PatternMetrics(pattern: $0, files: files, ranTests: ranTests) }
        acceptanceTests = ranTests.count { $0.module == "AcceptanceTests" }
        orlovMaps = Dictionary(uniqueKeysWithValues: PatternID.allCases.map { ($0, OrlovMap.markdown(for: $0, files: files)) })
    }

    /// The line under the totals that counts the acceptance tests once for all four.
    package var acceptanceLine: String {
        "acceptance tests, one spec run against all four patterns: \(acceptanceTests)"
    }

    /// The report of this binary's own sources, computed once.
    package static let current = MetricsReport(files: SourceCatalog.files)

    /// Files of the pattern folders that the role table cannot place.
    package var unplaced: [String] { patterns.flatMap(\.unplaced) }

    /// A pattern's greeting code lines against the fewest (`177 ×1.75`): Orlov's own example, the
    /// one his "about twice as much code" is about.
    package func greetingSize(of pattern: PatternID) -> String {
        let fewest = patterns.map { $0.codeLines(for: .greeting) }.min() ?? 0
        let count = patterns.first { $0.pattern == pattern }?.codeLines(for: .greeting) ?? 0
        let ratio = fewest > 0 ? MetricsFormat.fixed(Double(count) / Double(fewest), decimals: 2) : "–"
        return "\(count) ×\(ratio)"
    }

    /// What the figures count, in words: the text and the Markdown print it above the tables.
    package static let definitions =
        "Code lines: not blank, not only comment, not only instrumentation (@Traced(…) statements, "
        + "counted apart as trace lines and left out of the criteria). Types: classes, structs, enums, actors. "
        + "Role boundary: a stored property of one role's type declared as a protocol the pattern declares "
        + "for another role. Protocol-only files: the role interfaces the pattern prescribes (VIPER's input/output "
        + "pairs and routing protocols, MVP's view protocol), its ceremony, not this codebase's. Unit tests: those that ran in the last recorded run (make docs), each given to "
        + "the role of the pattern type it exercises. All read from swift-syntax's index of the sources."

    /// A row of the totals: a name and its figure, or a heading (no figure).
    package struct FigureRow: Sendable {
        package var name: String
        package var value: (@Sendable (PatternMetrics) -> Int)?
    }

    /// The totals' rows: the headline figures, each for the whole pattern and the greeting alone
    /// (Orlov's example), then the figures that are counted but are not the headline.
    package static let figureRows: [FigureRow] = [
        FigureRow(name: "code lines", value: { $0.total.codeLines }),
        FigureRow(name: "  greeting alone", value: { $0.codeLines(for: .greeting) }),
        FigureRow(name: "  listings and detail", value: { $0.codeLines(for: .listings) }),
        FigureRow(name: "  shared by both", value: { $0.codeLines(for: nil) }),
        FigureRow(name: "  protocol-only files", value: { $0.protocolOnlyLines }),
        FigureRow(name: "types", value: { $0.total.types }),
        FigureRow(name: "  greeting alone", value: { $0.sum(\.types, for: .greeting) }),
        FigureRow(name: "protocols", value: { $0.total.protocols }),
        FigureRow(name: "  greeting alone", value: { $0.sum(\.protocols, for: .greeting) }),
        FigureRow(name: "role boundaries", value: { $0.total.boundaries }),
        FigureRow(name: "  greeting alone", value: { $0.sum(\.boundaries, for: .greeting) }),
        FigureRow(name: "also counted", value: nil),
        FigureRow(name: "trace lines", value: { $0.total.instrumentationLines }),
        FigureRow(name: "files", value: { $0.total.files }),
        FigureRow(name: "roles with code", value: { $0.roles.count { $0.codeLines > 0 } }),
        FigureRow(name: "unit tests", value: { $0.total.tests }),
        FigureRow(name: "unit-test code lines", value: { $0.total.testLines }),
        FigureRow(name: "test-support code lines", value: { $0.testSupportLines }),
    ]

    package func results() -> [CriterionResult] {
        Criterion.allCases.map { CriterionResult(criterion: $0, patterns: patterns) }
    }
}

/// One criterion's figures for every pattern, ranked, and set against Orlov's verdict.
package struct CriterionResult: Sendable, Equatable {
    package struct Figure: Sendable, Equatable {
        package var pattern: PatternID
        package var value: Double
    }

    package var criterion: Criterion
    /// In pattern order.
    package var figures: [Figure]

    package init(criterion: Criterion, patterns: [PatternMetrics]) {
        self.criterion = criterion
        figures = patterns.map { Figure(pattern: $0.pattern, value: criterion.value(for: $0)) }
    }

    /// Best first; a tie keeps pattern order.
    package var ranking: [PatternID] {
        figures.enumerated().sorted { left, right in
            if left.element.value != right.element.value {
                return criterion.higherIsBetter ? left.element.value > right.element.value : left.element.value < right.element.value
            }
            return left.offset < right.offset
        }.map(\.element.pattern)
    }

    package enum Agreement: String, Sendable, Codable {
        case agrees, partly, disagrees
    }

    /// Whether the measured best and worst are Orlov's.
    package var agreement: Agreement {
        guard let best = ranking.first, let worst = ranking.last else { return .disagrees }
        switch (best == criterion.orlov.best, worst == criterion.orlov.worst) {
        case (true, true): return .agrees
        case (false, false): return .disagrees
        default: return .partly
        }
    }

    /// `measured: best VIPER, worst MVC — agrees with Orlov`.
    package var comparison: String {
        let best = ranking.first?.rawValue ?? "–"
        let worst = ranking.last?.rawValue ?? "–"
        let verdict = switch agreement {
        case .agrees: "agrees with Orlov"
        case .partly: "agrees with Orlov in part"
        case .disagrees: "disagrees with Orlov"
        }
        return "measured: best \(best), worst \(worst) — \(verdict)"
    }

    /// The figure as shown: `45 %`, or `650 ×1.58` for ease of use.
    package func display(_ figure: Figure) -> String {
        switch criterion {
        case .distribution, .testability:
            return "\(Int((figure.value * 100).rounded())) %"
        case .easeOfUse:
            // Against no code at all a ratio means nothing.
            let fewest = figures.map(\.value).min() ?? 0
            let ratio = fewest > 0 ? MetricsFormat.fixed(figure.value / fewest, decimals: 2) : "–"
            return "\(Int(figure.value)) ×\(ratio)"
        }
    }
}

/// Small formatting helpers shared by the renderers (no Foundation formatting: the output must be
/// the same on every machine).
enum MetricsFormat {
    /// `value` with exactly `decimals` decimals, rounded half away from zero.
    static func fixed(_ value: Double, decimals: Int) -> String {
        var scale = 1
        for _ in 0..<decimals { scale *= 10 }
        let scaled = Int((value * Double(scale)).rounded())
        let whole = scaled / scale
        let fraction = String(abs(scaled % scale))
        guard decimals > 0 else { return String(whole) }
        return "\(whole)." + String(repeating: "0", count: decimals - fraction.count) + fraction
    }

    static func padLeft(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - text.count)) + text
    }

    static func padRight(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }

    /// A horizontal bar of `value` against `maximum` over `width` cells, in eighths of a cell. A
    /// value above zero always shows at least a sliver.
    static func bar(_ value: Double, of maximum: Double, width: Int) -> String {
        guard maximum > 0, value > 0, width > 0 else { return "" }
        let eighths = max(1, Int((min(value / maximum, 1) * Double(width * 8)).rounded()))
        let partials = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]
        return String(repeating: "█", count: eighths / 8) + partials[eighths % 8]
    }

    /// `text` broken into lines of at most `width` characters, at spaces.
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if line.isEmpty {
                line = String(word)
            } else if line.count + 1 + word.count <= width {
                line += " " + word
            } else {
                lines.append(line)
                line = String(word)
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}
